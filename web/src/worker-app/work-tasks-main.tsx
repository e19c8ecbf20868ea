import '#web/index.css';
import WorkTasksPage, { preloadCompletionNote } from '#web/features/work-tasks/pages/work-tasks-page.tsx';
import { prefetchWorkTasks } from '#web/features/work-tasks/api/work-tasks.ts';
import { WORK_TASKS_NAMESPACES } from '#web/features/work-tasks/api/first-load.ts';
import { preloadOpenCard } from '#web/features/work-tasks/components/task-card.tsx';
import { startWorkerApp } from './worker-shell.tsx';
import { roomIdOf } from '#contract/worker-pages.ts';

startWorkerApp({
  eager: { workTasks: WorkTasksPage },
  namespaces: WORK_TASKS_NAMESPACES,
  prefetch() {
    const roomId = roomIdOf(window.location.pathname);
    if (!roomId) return;
    prefetchWorkTasks(roomId);
    preloadOpenCard();
    preloadCompletionNote();
  },
});
