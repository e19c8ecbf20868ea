import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#web/lib/api.ts';
import { renderWithProviders } from '#web/test/render.tsx';
import { PhotoError } from '#web/lib/photo-upload.ts';
import { TaskPhoto } from './task-photo.tsx';

const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'p.jpg', { type: 'image/jpeg' });
const failed = (error: PhotoError) => ({ status: 'error' as const, file, error });

function renderFailed(error: PhotoError) {
  const onRetry = vi.fn();
  renderWithProviders(<TaskPhoto photo={failed(error)} busy={false} onPicked={() => {}} onRetry={onRetry} />);
  return { onRetry };
}

describe('Task photo errors', () => {
  it('says why the server refused the kind of file and offers another photo, not a retry', () => {
    renderFailed(new PhotoError('rejected', new ApiError(415, { code: 'photo_type_unsupported', message: 'x' }, 'x')));
    expect(screen.getByRole('alert')).toHaveTextContent('Only JPEG, PNG, WebP or HEIC photos can be uploaded.');
    expect(screen.getByRole('button', { name: /Choose another photo/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Try again/ })).not.toBeInTheDocument();
  });

  it('says a file is not a photo and offers another one', () => {
    renderFailed(new PhotoError('notImage'));
    expect(screen.getByRole('alert')).toHaveTextContent('This file is not a photo.');
    expect(screen.getByRole('button', { name: /Choose another photo/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Try again/ })).not.toBeInTheDocument();
  });

  it('offers "try again" with the same photo when the signal failed', () => {
    const { onRetry } = renderFailed(new PhotoError('network'));
    expect(screen.getByRole('alert')).toHaveTextContent('No signal');
    fireEvent.click(screen.getByRole('button', { name: /Try again/ }));
    expect(onRetry).toHaveBeenCalledWith(file);
    expect(screen.queryByRole('button', { name: /Choose another photo/ })).not.toBeInTheDocument();
  });
});
