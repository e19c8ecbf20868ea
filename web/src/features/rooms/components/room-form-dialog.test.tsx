import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders, requestsTo } from '#web/test/render.tsx';
import { room, userWith } from '#web/test/fixtures.ts';
import { RoomFormDialog, parseRoomForm } from './room-form-dialog.tsx';
import errors from '#web/locales/en/errors.json';

afterEach(() => vi.unstubAllGlobals());

describe('parseRoomForm', () => {
  it('sends an empty floor as null and a typed floor as a number', () => {
    expect(parseRoomForm({ number: ' A101 ', floor: '', type: 'apartment' })).toEqual({
      values: { number: 'A101', floor: null, type: 'apartment' },
    });
    expect(parseRoomForm({ number: 'A101', floor: '-1', type: 'basement' })).toEqual({
      values: { number: 'A101', floor: -1, type: 'basement' },
    });
  });
  it('requires a number and a whole floor', () => {
    expect(parseRoomForm({ number: '  ', floor: '1.5', type: 'apartment' })).toEqual({
      errors: { number: 'required', floor: 'floorInvalid' },
    });
  });
});

describe('RoomFormDialog', () => {
  function setup(existing: ReturnType<typeof room> | null, routes: Parameters<typeof mockFetch>[0]) {
    const fetchMock = mockFetch({ 'GET /api/auth/user': { body: userWith('construction') }, ...routes });
    const onClose = vi.fn();
    renderWithProviders(<RoomFormDialog open room={existing} onClose={onClose} />);
    return { fetchMock, onClose, user: userEvent.setup() };
  }

  it('creates a unit with number, floor (null when empty) and type, and reports success', async () => {
    const { fetchMock, onClose, user } = setup(null, { 'POST /api/rooms': { status: 201, body: room({ number: 'C7' }) } });
    const dialog = await screen.findByRole('dialog', { name: 'Add apartment' });
    await user.type(within(dialog).getByLabelText(/Apartment number/), 'C7');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'Penthouse');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requestsTo(fetchMock, 'POST /api/rooms')).toEqual([{ number: 'C7', floor: null, type: 'penthouse' }]);
    expect(await screen.findByText('Apartment created')).toBeInTheDocument();
  });

  it('sends nothing without a number', async () => {
    const { fetchMock, user } = setup(null, {});
    const dialog = await screen.findByRole('dialog', { name: 'Add apartment' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter the apartment number')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/rooms')).toHaveLength(0);
  });

  it("shows a duplicate number (unit_number_taken) in the form and as an error toast in the reader's words", async () => {
    const { onClose, user } = setup(null, {
      'POST /api/rooms': { status: 409, body: { code: 'unit_number_taken', message: 'Room number already exists' } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add apartment' });
    await user.type(within(dialog).getByLabelText(/Apartment number/), 'A101');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Apartment number already exists')).toBeInTheDocument();
    expect(await screen.findByText('Error creating apartment')).toBeInTheDocument();
    expect(screen.getByText(errors.unit_number_taken)).toBeInTheDocument();
    expect(screen.queryByText('Room number already exists')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('edits a unit with PUT, prefilled, clearing the floor to null', async () => {
    const existing = room({ id: 'r9', number: 'B12', floor: 3, type: 'studio' });
    const { fetchMock, user } = setup(existing, { 'PUT /api/rooms/r9': { body: existing } });
    const dialog = await screen.findByRole('dialog', { name: 'Edit apartment B12' });
    expect(within(dialog).getByLabelText(/Apartment number/)).toHaveValue('B12');
    await user.clear(within(dialog).getByLabelText(/^Floor/));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'PUT /api/rooms/r9')).toEqual([{ number: 'B12', floor: null, type: 'studio' }]));
    expect(await screen.findByText('Apartment updated')).toBeInTheDocument();
  });
});
