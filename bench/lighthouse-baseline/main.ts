/**
 * The Lighthouse baseline of bench/worker.ts: React 19 and nothing else — the same first screen
 * as the worker pages' HTML, then the unit's task list from the same route, drawn as plain items.
 * What React alone scores on this machine, printed beside the worker pages' scores.
 */
import { createElement as h, StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

interface Task {
  id: string;
  name: string;
  description: string | null;
}

function TaskList() {
  const [tasks, setTasks] = useState<Task[] | null>(null);
  useEffect(() => {
    void fetch(`/api/scheduled-tasks-public/${location.pathname.split('/').pop()}`)
      .then((r) => r.json() as Promise<Task[]>)
      .then(setTasks);
  }, []);
  if (!tasks) return h('p', null, '…');
  return h(
    'main',
    { style: { padding: 12, fontFamily: 'system-ui, sans-serif' } },
    h('h1', null, 'A101'),
    h(
      'ol',
      null,
      tasks.map((t) =>
        h(
          'li',
          { key: t.id, style: { border: '2px solid #cbd5e1', borderRadius: 12, padding: 12, margin: '8px 0' } },
          h('b', null, t.name),
          t.description && h('div', null, t.description),
        ),
      ),
    ),
  );
}

createRoot(document.getElementById('root')!).render(h(StrictMode, null, h(TaskList)));
