import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { ImageUpload } from './image-upload';

function renderWidget(props: Partial<Parameters<typeof ImageUpload>[0]> = {}) {
  const onChange = vi.fn();
  render(
    <>
      <ImageUpload variant="dropzone" label="Profile picture" onChange={onChange} {...props} />
      <Toaster />
    </>,
  );
  return { onChange };
}

const textFile = () => new File(['hello'], 'notes.txt', { type: 'text/plain' });
const svgFile = () => new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' });
const pngFile = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

describe('ImageUpload', () => {
  it('rejects a disallowed type picked through the file input', async () => {
    const { onChange } = renderWidget();
    const input = screen.getByLabelText('Profile picture', { selector: 'input' });
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp,image/gif');

    fireEvent.change(input, { target: { files: [svgFile()] } });

    expect(await screen.findByText('Unsupported file type')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByText('Compressing…')).not.toBeInTheDocument();
  });

  it('rejects a dropped file of the wrong type and looks only at the first file', async () => {
    const { onChange } = renderWidget();
    const zone = screen.getByRole('button', { name: 'Profile picture' });

    fireEvent.drop(zone, { dataTransfer: { files: [textFile(), pngFile()] } });

    expect(await screen.findByText('Unsupported file type')).toBeInTheDocument();
    expect(screen.queryByText('Compressing…')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('opens the file chooser from the keyboard with Enter and Space', () => {
    renderWidget();
    const input = screen.getByLabelText('Profile picture', { selector: 'input' }) as HTMLInputElement;
    const click = vi.spyOn(input, 'click');
    const zone = screen.getByRole('button', { name: 'Profile picture' });

    fireEvent.keyDown(zone, { key: 'Enter' });
    fireEvent.keyDown(zone, { key: ' ' });
    fireEvent.keyDown(zone, { key: 'a' });

    expect(click).toHaveBeenCalledTimes(2);
  });

  it('accepts an allowed type and shows Compressing… while it works', async () => {
    // jsdom cannot decode images, so compression never finishes here; the browser check covers the rest.
    const { onChange } = renderWidget();
    const input = screen.getByLabelText('Profile picture', { selector: 'input' });

    fireEvent.change(input, { target: { files: [pngFile()] } });

    expect(await screen.findByText('Compressing…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Profile picture' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Unsupported file type')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows the current photo as a 256x256 preview in the button variant', () => {
    renderWidget({ variant: 'button', initialPreviewUrl: 'blob:current' });
    const img = screen.getByRole('img', { name: 'Your current photo' });
    expect(img).toHaveAttribute('src', 'blob:current');
    expect(img).toHaveAttribute('width', '256');
    expect(img).toHaveAttribute('height', '256');
    expect(screen.getByRole('button', { name: 'Choose another photo' })).toBeInTheDocument();
  });
});
