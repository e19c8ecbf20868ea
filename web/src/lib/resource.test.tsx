import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError } from './api.ts';
import { clearSavedForTests } from './offline-store.ts';
import {
  clearResources,
  invalidateResource,
  prefetchResource,
  retryTransient,
  setResourceData,
  useResource,
  type ResourceOptions,
} from './resource.ts';

/**
 * The answers are plain objects shaped like a Response (ok, status, text(), json()) rather than
 * real Responses: reading them takes only microtasks, so the fake clock in the retry tests decides
 * alone when the next attempt starts.
 */
interface Answer {
  status?: number;
  body: unknown;
}
const respond = ({ status = 200, body }: Answer) => {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  } as unknown as Response;
};

/** Each call of fetch takes the next answer; a call with none left fails the test. */
function stubFetch(...answers: (Answer | Promise<Answer>)[]): Mock {
  const fn = vi.fn(async (_input: RequestInfo | URL) => {
    if (answers.length === 0) throw new Error('unexpected request');
    return respond(await answers.shift()!);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Lets pending promise chains (fetch → text/json → store update) run to their end. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

type Shown = { name: string };
/** Every state a Reader rendered, in order, per label: to prove what the first render showed. */
let renders: Record<string, string[]> = {};
let lastError: unknown;

function Reader({ url, label = 'reader', options }: { url: string | null; label?: string; options?: ResourceOptions }) {
  const resource = useResource<Shown>(url, options);
  const text = resource.isPending
    ? 'pending'
    : resource.isError
      ? `error ${(resource.error as Error).message}`
      : `data ${resource.data.name}`;
  if (resource.isError) lastError = resource.error;
  (renders[label] ??= []).push(text);
  return (
    <div>
      <p data-testid={label}>{text}</p>
      <button type="button" onClick={() => void resource.refetch()}>
        refetch {label}
      </button>
    </div>
  );
}
const shown = (label = 'reader') => screen.getByTestId(label);

beforeEach(() => {
  clearResources();
  clearSavedForTests();
  renders = {};
  lastError = undefined;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useResource', () => {
  it('asks once per URL however many components read it, also for a reader mounted later', async () => {
    const fetchMock = stubFetch({ body: { name: 'Dana' } });
    const { rerender } = render(
      <>
        <Reader url="/api/a" label="one" />
        <Reader url="/api/a" label="two" />
        <Reader url="/api/a" label="three" />
      </>,
    );
    await waitFor(() => expect(shown('three')).toHaveTextContent('data Dana'));
    expect(shown('one')).toHaveTextContent('data Dana');
    expect(shown('two')).toHaveTextContent('data Dana');

    rerender(
      <>
        <Reader url="/api/a" label="one" />
        <Reader url="/api/a" label="two" />
        <Reader url="/api/a" label="three" />
        <Reader url="/api/a" label="four" />
      </>,
    );
    expect(shown('four')).toHaveTextContent('data Dana');
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/a');
  });

  it('makes no request while disabled (null) and reports isPending; starts once given a URL', async () => {
    const fetchMock = stubFetch({ body: { name: 'Room 4' } });
    const { rerender } = render(<Reader url={null} />);
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(shown()).toHaveTextContent('pending');

    rerender(<Reader url="/api/rooms/4" />);
    expect(await screen.findByText('data Room 4')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('goes from isPending to isSuccess with the data', async () => {
    const answer = deferred<Answer>();
    stubFetch(answer.promise);
    render(<Reader url="/api/a" />);
    await settle();
    expect(shown()).toHaveTextContent('pending');

    await act(async () => answer.resolve({ body: { name: 'Dana' } }));
    expect(await screen.findByText('data Dana')).toBeInTheDocument();
    expect(renders.reader[0]).toBe('pending');
  });

  it('retries a failed request after a back-off when retry says so, then shows the answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetchMock = stubFetch({ status: 503, body: 'busy' }, { body: { name: 'Dana' } });
    const retry = vi.fn(() => true);
    render(<Reader url="/api/a" options={{ retry }} />);
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(retry).toHaveBeenCalledTimes(1);
    expect(retry).toHaveBeenCalledWith(1, expect.any(ApiError));
    expect(shown()).toHaveTextContent('pending'); // a failure that will be retried is not an error yet

    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(fetchMock).toHaveBeenCalledTimes(1); // still backing off

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(shown()).toHaveTextContent('data Dana');
    expect(renders.reader.filter((r) => r.startsWith('error'))).toEqual([]);
  });

  it('a refetch during the back-off answers alone: the older attempt does not ask again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetchMock = stubFetch({ status: 503, body: 'busy' }, { body: { name: 'Dana' } });
    render(<Reader url="/api/a" options={{ retry: () => true }} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'refetch reader' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(shown()).toHaveTextContent('data Dana');

    await act(() => vi.advanceTimersByTimeAsync(5000)); // past the first attempt's back-off
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('without retry reports isError with the ApiError at once (no later attempt), and refetch() recovers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetchMock = stubFetch({ status: 500, body: { code: 'internal_error', message: 'boom' } }, { body: { name: 'Dana' } });
    render(<Reader url="/api/a" />);
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(shown()).toHaveTextContent('error 500: {"code":"internal_error","message":"boom"}');
    expect(lastError).toBeInstanceOf(ApiError);
    expect(lastError).toMatchObject({ status: 500, message: '500: {"code":"internal_error","message":"boom"}', code: 'internal_error' });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'refetch reader' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(shown()).toHaveTextContent('data Dana');
  });

  it.each([
    ['succeeds', { body: { name: 'old' } }],
    ['fails', { status: 500, body: 'stale failure' }],
  ] as const)('keeps the newer answer when an older request %s after a refetch', async (_how, late) => {
    const first = deferred<Answer>();
    const fetchMock = stubFetch(first.promise, { body: { name: 'new' } });
    render(<Reader url="/api/a" />);
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'refetch reader' }));
    expect(await screen.findByText('data new')).toBeInTheDocument();

    await act(async () => first.resolve(late));
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(shown()).toHaveTextContent('data new');
  });

  it('setResourceData changes the rendered data without a request', async () => {
    const fetchMock = stubFetch({ body: { name: 'Dana' } });
    render(<Reader url="/api/a" />);
    expect(await screen.findByText('data Dana')).toBeInTheDocument();

    act(() => setResourceData<Shown>('/api/a', (old) => ({ name: `${old!.name} Levi` })));
    expect(shown()).toHaveTextContent('data Dana Levi');
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('invalidateResource reads a URL on screen again, keeping the old data meanwhile', async () => {
    const second = deferred<Answer>();
    const fetchMock = stubFetch({ body: { name: 'v1' } }, second.promise);
    render(<Reader url="/api/a" />);
    expect(await screen.findByText('data v1')).toBeInTheDocument();

    act(() => invalidateResource('/api/a'));
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(shown()).toHaveTextContent('data v1');

    await act(async () => second.resolve({ body: { name: 'v2' } }));
    expect(await screen.findByText('data v2')).toBeInTheDocument();
  });

  it('invalidateResource forgets a URL no one shows, so the next reader fetches it again', async () => {
    const fetchMock = stubFetch({ body: { name: 'v1' } }, { body: { name: 'v2' } });
    const first = render(<Reader url="/api/a" />);
    expect(await screen.findByText('data v1')).toBeInTheDocument();
    first.unmount();

    // Without invalidation a later reader gets the kept answer and no request.
    const again = render(<Reader url="/api/a" label="again" />);
    expect(shown('again')).toHaveTextContent('data v1');
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    again.unmount();

    invalidateResource('/api/a');
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1); // forgotten, not fetched while no one looks

    render(<Reader url="/api/a" label="later" />);
    expect(renders.later[0]).toBe('pending');
    expect(await screen.findByText('data v2')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('prefetchResource', () => {
  it('fetched before the component: its first render shows the data, with a single request', async () => {
    const fetchMock = stubFetch({ body: { name: 'early' } });
    prefetchResource('/api/a');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await settle();

    render(<Reader url="/api/a" />);
    expect(renders.reader[0]).toBe('data early');
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('still on its way when the component mounts: the component waits for that same request', async () => {
    const answer = deferred<Answer>();
    const fetchMock = stubFetch(answer.promise);
    prefetchResource('/api/a');
    render(<Reader url="/api/a" />);
    expect(shown()).toHaveTextContent('pending');

    await act(async () => answer.resolve({ body: { name: 'early' } }));
    expect(await screen.findByText('data early')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('retryTransient', () => {
  it('asks again for a dropped connection or a 5xx up to the limit, never for a 4xx', () => {
    const retry = retryTransient(2);
    expect(retry(1, new TypeError('Failed to fetch'))).toBe(true);
    expect(retry(1, new ApiError(503, undefined, 'busy'))).toBe(true);
    expect(retry(2, new ApiError(503, undefined, 'busy'))).toBe(false);
    expect(retry(1, new ApiError(404, { code: 'unit_not_found', message: 'Unit not found' }, 'Unit not found'))).toBe(false);
    expect(retry(1, new ApiError(429, { code: 'rate_limited', message: 'Too many' }, 'Too many'))).toBe(false);
  });
});

describe('useResource with keep (docs/product.md "Working without signal")', () => {
  const noSignal = () => Promise.reject(new TypeError('Failed to fetch'));
  /** Each call of fetch runs the next step: an answer, or a failure for lack of network. */
  function stubSteps(...steps: (Answer | (() => Promise<never>))[]): Mock {
    const fn = vi.fn(async () => {
      const step = steps.shift();
      if (!step) throw new Error('unexpected request');
      return typeof step === 'function' ? step() : respond(step);
    });
    vi.stubGlobal('fetch', fn);
    return fn;
  }
  function Kept({ url }: { url: string }) {
    const r = useResource<Shown>(url, { keep: true });
    const text = r.isPending
      ? 'pending'
      : r.isError
        ? `error ${r.error instanceof TypeError ? 'offline' : 'answer'}`
        : `data ${r.data.name}${r.savedAt !== undefined ? ` saved ${r.savedAt}` : ''}`;
    return <p data-testid="kept">{text}</p>;
  }
  const kept = () => screen.getByTestId('kept');

  it('without network shows the answer saved earlier, with the time it arrived', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T08:15:00Z'), shouldAdvanceTime: true });
    stubSteps({ body: { name: 'Dana' } }, noSignal);
    const first = render(<Kept url="/api/k" />);
    await waitFor(() => expect(kept()).toHaveTextContent('data Dana'));
    expect(kept()).not.toHaveTextContent('saved');
    first.unmount();

    clearResources(); // a reload: memory gone, the phone's saved copies stay
    render(<Kept url="/api/k" />);
    await waitFor(() => expect(kept()).toHaveTextContent(`data Dana saved ${Date.parse('2026-11-23T08:15:00Z')}`));
  });

  it('a URL never answered on this phone stays an error for lack of network', async () => {
    stubSteps(noSignal);
    render(<Kept url="/api/never" />);
    await waitFor(() => expect(kept()).toHaveTextContent('error offline'));
  });

  it('a 4xx is an answer: it never falls back to the saved copy', async () => {
    stubSteps({ body: { name: 'Dana' } }, { status: 404, body: { code: 'unit_not_found', message: 'x' } });
    const first = render(<Kept url="/api/gone" />);
    await waitFor(() => expect(kept()).toHaveTextContent('data Dana'));
    first.unmount();
    clearResources(); // a reload: memory gone, the phone's saved copies stay
    render(<Kept url="/api/gone" />);
    await waitFor(() => expect(kept()).toHaveTextContent('error answer'));
  });

  it('asks again by itself when the phone is back online, and then shows the fresh answer', async () => {
    const fetchMock = stubSteps({ body: { name: 'Old' } }, noSignal, { body: { name: 'New' } });
    const first = render(<Kept url="/api/r" />);
    await waitFor(() => expect(kept()).toHaveTextContent('data Old'));
    first.unmount();
    clearResources(); // a reload: memory gone, the phone's saved copies stay
    render(<Kept url="/api/r" />);
    await waitFor(() => expect(kept()).toHaveTextContent(/data Old saved \d+/));
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(kept()).toHaveTextContent('data New'));
    expect(kept()).not.toHaveTextContent('saved');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('a unit never seen opens by itself when the signal returns', async () => {
    stubSteps(noSignal, { body: { name: 'Dana' } });
    render(<Kept url="/api/later" />);
    await waitFor(() => expect(kept()).toHaveTextContent('error offline'));
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(kept()).toHaveTextContent('data Dana'));
  });
});
