import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#web/test/render.tsx';
import { TaskTemplateForm } from './task-template-form.tsx';

function setup(props: Partial<Parameters<typeof TaskTemplateForm>[0]> = {}) {
  const onSubmit = vi.fn();
  renderWithProviders(<TaskTemplateForm facilityType="hotel" saving={false} onSubmit={onSubmit} onCancel={() => {}} {...props} />);
  return { onSubmit, user: userEvent.setup({ delay: null }) };
}

describe('TaskTemplateForm', () => {
  it('submits 5 minutes, order 0, required, no photo and every unit type (null) when only a name is given', async () => {
    const { onSubmit, user } = setup();
    expect(screen.getByLabelText('Estimated minutes')).toHaveValue(5);
    expect(screen.getByLabelText('Order')).toHaveValue(0);
    expect(screen.getByLabelText('Required task')).toBeChecked();
    expect(screen.getByLabelText('Room type')).toHaveValue('all');

    await user.type(screen.getByLabelText(/Task name/), '  Make the bed ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Make the bed',
      description: null,
      facilityType: 'hotel',
      roomType: null,
      isRequired: true,
      requiresPhoto: false,
      estimatedMinutes: 5,
      sortOrder: 0,
    });
  });

  it('falls back to the defaults when minutes and order are cleared', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText(/Task name/), 'Towels');
    await user.clear(screen.getByLabelText('Estimated minutes'));
    await user.clear(screen.getByLabelText('Order'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ estimatedMinutes: 5, sortOrder: 0 }));
  });

  it('sends the chosen unit type, photo flag and optional flag', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText(/Task name/), 'Minibar');
    await user.selectOptions(screen.getByLabelText('Room type'), 'suite');
    await user.click(screen.getByLabelText('Required task'));
    await user.click(screen.getByLabelText('Requires a photo'));
    await user.clear(screen.getByLabelText('Estimated minutes'));
    await user.type(screen.getByLabelText('Estimated minutes'), '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ roomType: 'suite', isRequired: false, requiresPhoto: true, estimatedMinutes: 12 }),
    );
  });

  it('refuses to submit without a name', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText(/Task name/), '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Task name is required')).toBeInTheDocument();
  });

  it.each(['0', '121', '2.5'])('refuses %s minutes (whole minutes from 1 to 120 only)', async (minutes) => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText(/Task name/), 'Sheets');
    await user.clear(screen.getByLabelText('Estimated minutes'));
    await user.type(screen.getByLabelText('Estimated minutes'), minutes);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Enter whole minutes from 1 to 120')).toBeInTheDocument();
  });

  it('starts from the template being edited', async () => {
    const { onSubmit, user } = setup({
      facilityType: 'construction',
      template: {
        id: 't1',
        name: 'Electrical',
        description: 'Board',
        translations: null,
        facilityType: 'construction',
        roomType: 'penthouse',
        isRequired: false,
        requiresPhoto: true,
        estimatedMinutes: 25,
        sortOrder: 3,
      },
    });
    expect(screen.getByLabelText(/Task name/)).toHaveValue('Electrical');
    expect(screen.getByLabelText('Unit type')).toHaveValue('penthouse');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Electrical',
      description: 'Board',
      facilityType: 'construction',
      roomType: 'penthouse',
      isRequired: false,
      requiresPhoto: true,
      estimatedMinutes: 25,
      sortOrder: 3,
    });
  });
});
