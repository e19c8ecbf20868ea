import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_CLEANER, DEMO_MANAGER, DEMO_PLATFORM_ADMIN, DEMO_SITE_MANAGER } from '../server/demo-data.ts';
import { adminRoutes, publicRoutes, signedInRoutes } from '../web/src/app/routes.tsx';
import { budget } from '../test-budget.ts';

/**
 * Every screen fits a phone (docs/product.md "Manager screens", "Worker pages"), in Hebrew: each
 * route of the route table, the platform admin's screens and the worker pages, at 390 px and
 * 320 px, with names of 40+ characters in the data. On each screen:
 * - the page never scrolls sideways (a wide table scrolls inside its own box);
 * - every visible control of the main content is at least 44 × 44 px (the exceptions are listed
 *   below with their reason);
 * - every button's accessible name contains the words it shows (voice control says what it sees).
 */
const WIDTHS = [390, 320];
const MIN_TARGET = 44;

/** Long names, as a real site has them (the checks run on what they do to the layout). */
const LONG = 'בניין ראשי אגף מזרחי קומת קרקע ליד חדר המדרגות הצפוני';
const LONG_WORKER = 'אלכסנדר-מיכאל בן-דוד אברמוביץ׳ רוזנבלום-שטיינברג';
// At most 30 characters (a unit number's limit); unique, as the set-up may run again after a failure.
const LONG_UNIT = `A-1000-MIZRAHI-NORTH-${Date.now().toString(36).slice(-6)}`;
const LONG_TEMPLATE = 'התקנת משקופים ודלתות פנים כולל איטום וכיוון צירים ובדיקת סגירה';

/** Controls that may be smaller than 44 px, and why. */
const TARGET_EXCEPTIONS: { selector: string; reason: string }[] = [
  { selector: 'p a, li > span a', reason: 'an inline link inside a sentence (WCAG 2.5.8 "inline" exception)' },
  {
    selector: '[data-testid="progress-scroller"] button[data-state]',
    reason: 'a cell of the dense progress matrix: a 36 px mark centred in a 44 px row, so cells are 44 px apart (WCAG 2.5.8 spacing)',
  },
];

/**
 * Boxes that scroll sideways without being a focusable named region, and why the keyboard still
 * reaches all of them.
 */
const SCROLL_EXCEPTIONS: { selector: string; reason: string }[] = [
  {
    selector: '[data-testid="progress-scroller"]',
    reason: 'every cell of the progress matrix is a button: tabbing from cell to cell scrolls the grid',
  },
];

interface Problem {
  route: string;
  width: number;
  kind: 'overflow' | 'target' | 'name' | 'scroll';
  detail: string;
}

/** What is wrong with the page as it is now: sideways scroll, small targets, names without the visible words. */
async function inspect(page: Page): Promise<Omit<Problem, 'route' | 'width'>[]> {
  return page.evaluate(
    ({ minTarget, exceptions, scrollExceptions }) => {
      const found: { kind: 'overflow' | 'target' | 'name' | 'scroll'; detail: string }[] = [];
      const doc = document.documentElement;
      if (doc.scrollWidth > window.innerWidth)
        found.push({ kind: 'overflow', detail: `scrollWidth ${doc.scrollWidth} > ${window.innerWidth}` });

      const describe = (el: Element) => {
        const text = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
        const id = el.getAttribute('data-testid') ?? el.id;
        return `<${el.tagName.toLowerCase()}${id ? ` ${id}` : ''}${el.getAttribute('type') ? ` type=${el.getAttribute('type')}` : ''}> "${text}"`;
      };
      const shown = (el: Element) => {
        if (!(el as HTMLElement).checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true })) return false;
        const r = el.getBoundingClientRect();
        return r.width > 1 && r.height > 1;
      };
      const root = document.querySelector('main') ?? document.body;

      // A box that scrolls sideways is a named region the keyboard can focus (it scrolls with the arrows).
      for (const el of document.querySelectorAll('body *')) {
        const overflowX = getComputedStyle(el).overflowX;
        if (overflowX !== 'auto' && overflowX !== 'scroll') continue;
        if (el.scrollWidth <= el.clientWidth + 1 || !shown(el)) continue;
        if (scrollExceptions.some((s) => el.matches(s))) continue;
        const ok =
          el.getAttribute('tabindex') === '0' && el.getAttribute('role') === 'region' && Boolean(el.getAttribute('aria-label')?.trim());
        if (!ok)
          found.push({
            kind: 'scroll',
            detail: `${describe(el)} scrolls sideways (${el.scrollWidth} in ${el.clientWidth}) but is not a focusable named region`,
          });
      }

      // Touch targets. A checkbox or radio counts with its label: a tap on the label ticks it.
      for (const el of root.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea, [role=button]')) {
        if (!shown(el)) continue;
        if (exceptions.some((s) => el.matches(s))) continue;
        const boxes = [el, ...(el.matches('input[type=checkbox], input[type=radio]') ? [...((el as HTMLInputElement).labels ?? [])] : [])];
        const r = boxes.map((b) => b.getBoundingClientRect()).reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
        if (Math.round(r.height) < minTarget || Math.round(r.width) < minTarget) {
          found.push({ kind: 'target', detail: `${describe(el)} ${Math.round(r.width)}×${Math.round(r.height)}` });
        }
      }

      // Accessible names contain the visible words (WCAG 2.5.3 "label in name").
      const visibleTexts = (el: Element) => {
        const pieces: string[] = [];
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const parent = n.parentElement!;
          if (parent.closest('[aria-hidden="true"]')) continue;
          if (!shown(parent)) continue;
          const text = (n.textContent ?? '').trim();
          if (text) pieces.push(text);
        }
        return pieces;
      };
      const accessibleName = (el: Element) => {
        const labelledBy = el.getAttribute('aria-labelledby');
        if (labelledBy) {
          return labelledBy
            .split(/\s+/)
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ');
        }
        const label = el.getAttribute('aria-label');
        if (label !== null && label.trim()) return label;
        return el.textContent ?? '';
      };
      // Each visible piece of text (a text node) must be in the name: bidi isolates and spacing aside.
      const norm = (s: string) => s.replace(/[\s\u2066-\u2069\u200e\u200f]+/g, '').toLowerCase();
      for (const el of document.querySelectorAll('button, [role=button], a[href]')) {
        if (!shown(el)) continue;
        const pieces = visibleTexts(el);
        // A glyph alone (✕, ☰) is no word to say; its name is the aria-label.
        if (!pieces.some((p) => /[\p{L}\p{N}]/u.test(p))) continue;
        const name = norm(accessibleName(el));
        const missing = pieces.filter((p) => /[\p{L}\p{N}]/u.test(p) && !name.includes(norm(p)));
        if (missing.length)
          found.push({
            kind: 'name',
            detail: `${describe(el)} shows "${missing.join(' ')}" not in its name "${accessibleName(el).trim()}"`,
          });
      }
      return found;
    },
    {
      minTarget: MIN_TARGET,
      exceptions: TARGET_EXCEPTIONS.map((e) => e.selector),
      scrollExceptions: SCROLL_EXCEPTIONS.map((e) => e.selector),
    },
  );
}

/** Opens `path` and waits until the screen has drawn its data (no loading spinner left). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('load');
  await expect(page.locator('h1, [data-testid="facility-name"]').first()).toBeVisible({ timeout: budget(20_000) });
  await expect(page.locator('[role=status] .animate-spin')).toHaveCount(0, { timeout: budget(20_000) });
  // Fonts and late images settle.
  await page.waitForTimeout(250);
}

async function sweep(page: Page, paths: string[], problems: Problem[]) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const route of paths) {
      await open(page, route);
      for (const p of await inspect(page)) problems.push({ route, width, ...p });
    }
  }
}

/**
 * One line per kind of problem on a route and width: the same control repeated down a list (a
 * cell per unit) counts once, with how many there are.
 */
function report(problems: Problem[]) {
  const lines = new Map<string, number>();
  for (const p of problems) {
    const key = `${p.route} @${p.width}px ${p.kind}: ${p.kind === 'overflow' ? p.detail : p.detail.replace(/"[^"]*"/g, '"…"')}`;
    lines.set(key, (lines.get(key) ?? 0) + 1);
  }
  const first = new Map<string, string>();
  for (const p of problems) {
    const key = `${p.route} @${p.width}px ${p.kind}: ${p.kind === 'overflow' ? p.detail : p.detail.replace(/"[^"]*"/g, '"…"')}`;
    if (!first.has(key)) first.set(key, p.detail);
  }
  return [...lines].map(([key, n]) => `${key.split(': ')[0]}: ${first.get(key)}${n > 1 ? ` (×${n})` : ''}`);
}

async function phoneContext(browser: Browser, baseURL: string | undefined) {
  // Not `isMobile`: a mobile viewport zooms out to fit a too-wide page, and then innerWidth grows
  // with it (a 576 px table made innerWidth 609), which hides the very overflow this looks for.
  return browser.newContext({ baseURL, locale: 'he-IL', viewport: { width: 390, height: 800 }, hasTouch: true });
}

async function signInRequest(request: APIRequestContext, login: { username: string; password: string }) {
  const res = await request.post('/api/login', { data: login });
  expect(res.status(), await res.text()).toBe(200);
}

/** The data with long names, made once by the demo project admin; returns the ids the routes need. */
async function seedLongNames(request: APIRequestContext) {
  const unitRes = await request.post('/api/rooms', { data: { number: LONG_UNIT, name: LONG, floor: 1 } });
  expect(unitRes.status(), await unitRes.text()).toBe(201);
  const unit = (await unitRes.json()) as { id: string };
  const schedule = await request.post('/api/task-schedules', {
    data: {
      roomId: unit.id,
      taskTemplates: [
        { name: LONG_TEMPLATE, description: LONG, estimatedMinutes: 5, requiresPhoto: false, recurrence: 'once' },
        { name: `${LONG_TEMPLATE} ב`, description: null, estimatedMinutes: 5, requiresPhoto: false, recurrence: 'once' },
      ],
    },
  });
  expect(schedule.status(), await schedule.text()).toBe(201);
  const template = await request.post('/api/task-templates', {
    data: { name: LONG_TEMPLATE, description: LONG, facilityType: 'construction', estimatedMinutes: 10 },
  });
  expect(template.status(), await template.text()).toBe(201);
  const member = await request.post('/api/users', {
    data: {
      firstName: LONG_WORKER,
      lastName: LONG,
      username: `longname${Date.now().toString(36)}`,
      email: `long.name.of.a.worker.${Date.now().toString(36)}@a-very-long-construction-domain.example.com`,
      role: 'cleaner',
      password: 'secret123',
      confirmPassword: 'secret123',
    },
  });
  expect(member.status(), await member.text()).toBe(201);
  for (const path of ['/api/shortages', '/api/measurements']) {
    const res = await request.post(path, {
      data: {
        name: LONG_TEMPLATE,
        quantity: 12,
        notes: LONG,
        reportedBy: LONG_WORKER,
        apartmentNumber: LONG_UNIT,
        height: 2100,
        width: 900,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  // A worker with a long name completes a stage: the performance table and tracking show the name.
  expect((await request.post('/api/work-sessions', { data: { roomId: unit.id, workerName: LONG_WORKER } })).ok()).toBe(true);
  const tasks = (await (await request.get(`/api/scheduled-tasks-public/${unit.id}`)).json()) as { id: string }[];
  const done = await request.put(`/api/scheduled-tasks-complete/${tasks[0].id}`, {
    data: { workerName: LONG_WORKER },
    headers: { 'idempotency-key': `phone-${tasks[0].id}` },
  });
  expect(done.ok(), await done.text()).toBe(true);
  const facility = (await (await request.get('/api/user/facility')).json()) as { uniqueQrId: string };
  return { unitId: unit.id, qrId: facility.uniqueQrId };
}

/** Bills every project two months ahead, so the demo project has an invoice to open. */
async function billEveryProject(request: APIRequestContext) {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() + 2);
  const run = await request.post('/api/admin/billing/run', { data: { asOf: d.toISOString().slice(0, 10) } });
  expect(run.status(), await run.text()).toBe(200);
}

let ids: { unitId: string; qrId: string; invoiceId: string; projectId: string };

test.beforeAll(async ({ playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInRequest(admin, DEMO_MANAGER);
  const seeded = await seedLongNames(admin);
  const platform = await playwright.request.newContext({ baseURL });
  expect((await platform.post('/api/admin/login', { data: DEMO_PLATFORM_ADMIN })).status()).toBe(200);
  await billEveryProject(platform);
  const user = (await (await admin.get('/api/auth/user')).json()) as { projectId: string };
  const { invoices } = (await (await platform.get(`/api/admin/projects/${user.projectId}/invoices`)).json()) as {
    invoices: { id: string }[];
  };
  expect(invoices.length, 'the billing run issued the demo project an invoice').toBeGreaterThan(0);
  ids = { ...seeded, invoiceId: invoices[0].id, projectId: user.projectId };
  await admin.dispose();
  await platform.dispose();
});

/** A route of the table with its parameters filled in. */
const fill = (path: string) => path.replace(':roomId', ids.unitId).replace(':projectId', ids.projectId).replace(':id', ids.invoiceId);

test('the project admin’s screens fit a phone: no sideways scroll, 44 px targets, names that say what they show', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(budget(600_000));
  const context = await phoneContext(browser, baseURL);
  await signInRequest(context.request, DEMO_MANAGER);
  const page = await context.newPage();
  const problems: Problem[] = [];
  await sweep(
    page,
    signedInRoutes.map((r) => fill(r.path)),
    problems,
  );
  await context.close();
  expect(report(problems)).toEqual([]);
});

test('the manager’s and the read-only worker’s screens fit a phone', async ({ browser, baseURL }) => {
  test.setTimeout(budget(300_000));
  const problems: Problem[] = [];
  for (const [login, paths] of [
    [DEMO_SITE_MANAGER, ['/', '/task-scheduling', '/employee-performance']],
    [DEMO_CLEANER, signedInRoutes.filter((r) => !r.access).map((r) => r.path)],
  ] as const) {
    const context = await phoneContext(browser, baseURL);
    await signInRequest(context.request, login);
    const page = await context.newPage();
    await sweep(page, [...paths], problems);
    await context.close();
  }
  expect(report(problems)).toEqual([]);
});

test('the platform admin’s screens fit a phone, and / takes a signed-in platform admin to them', async ({ browser, baseURL }) => {
  test.setTimeout(budget(300_000));
  const context = await phoneContext(browser, baseURL);
  expect((await context.request.post('/api/admin/login', { data: DEMO_PLATFORM_ADMIN })).status()).toBe(200);
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/admin-management$/);
  await expect(page.getByLabel('שם משתמש')).toHaveCount(0);
  const problems: Problem[] = [];
  await sweep(
    page,
    adminRoutes.map((r) => fill(r.path)),
    problems,
  );
  await context.close();
  expect(report(problems)).toEqual([]);
});

test('the sign-in screens and the worker pages fit a phone', async ({ browser, baseURL }) => {
  test.setTimeout(budget(300_000));
  const context = await phoneContext(browser, baseURL);
  const page = await context.newPage();
  const problems: Problem[] = [];
  // /change-password needs a session; signed out it goes to /login, which is swept anyway.
  await sweep(
    page,
    [
      ...publicRoutes.map((r) => r.path).filter((p) => p !== '/change-password'),
      `/qr-scan?qrId=${encodeURIComponent(ids.qrId)}`,
      `/work-tasks/${ids.unitId}?workerName=${encodeURIComponent(LONG_WORKER)}`,
    ],
    problems,
  );
  await context.close();
  expect(report(problems)).toEqual([]);
});
