import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#web/test/render.tsx';
import { defaultRows, type TaskRow } from '../lib/task-rows.ts';
import { TaskListEditor } from './task-list-editor.tsx';

function Harness({ initial, onRows }: { initial: TaskRow[]; onRows?: (rows: TaskRow[]) => void }) {
  const [rows, setRows] = useState(initial);
  const change = (next: TaskRow[]) => {
    setRows(next);
    onRows?.(next);
  };
  return (
    <TaskListEditor
      rows={rows}
      onChange={change}
      onUseDefaults={() => change(defaultRows('en'))}
      onUseTemplates={() => {}}
      templateCount={0}
    />
  );
}

const minutesInputs = () => screen.getAllByLabelText(/Estimated minutes/);

describe('TaskListEditor', () => {
  it('turns invalid minutes into 10 and clamps out-of-range minutes on leaving the field', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={defaultRows('en').slice(0, 3)} />);
    const [a, b, c] = minutesInputs();

    await user.clear(a);
    await user.type(a, 'abc');
    await user.tab();
    expect(a).toHaveValue('10');

    await user.clear(b);
    await user.type(b, '500');
    await user.tab();
    expect(b).toHaveValue('120');

    await user.clear(c);
    await user.type(c, '0');
    await user.tab();
    expect(c).toHaveValue('1');
  });

  it('adds a blank row, removes a row, and edits recurrence and photo', async () => {
    const user = userEvent.setup();
    const onRows = vi.fn();
    renderWithProviders(<Harness initial={defaultRows('en').slice(0, 2)} onRows={onRows} />);
    expect(screen.getAllByTestId('task-row')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: /Add task/ }));
    expect(screen.getAllByTestId('task-row')).toHaveLength(3);
    expect(screen.getAllByLabelText('Task name')[2]).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Remove task 1' }));
    const rows = screen.getAllByTestId('task-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByLabelText('Task name')).toHaveValue(defaultRows('en')[1].name);

    await user.selectOptions(within(rows[0]).getByLabelText('Repeats'), 'daily');
    await user.click(within(rows[0]).getByLabelText('Photo required'));
    const last: TaskRow[] = onRows.mock.calls.at(-1)![0];
    expect(last[0]).toMatchObject({ recurrence: 'daily', requiresPhoto: false });
  });

  it('reloads the seven defaults on request', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={[]} />);
    expect(screen.getByText(/The list is empty/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Default list' }));
    expect(screen.getAllByTestId('task-row')).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'From templates (0)' })).toBeDisabled();
  });
});
