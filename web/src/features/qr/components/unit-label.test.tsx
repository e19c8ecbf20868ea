import { describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { unitQrLink } from '#contract/facility.ts';
import { renderWithProviders } from '#web/test/render.tsx';
import { UnitLabel } from './unit-label.tsx';

/**
 * Rasterise a rendered label's QR exactly as drawn: the SVG's viewBox and the path's
 * `M x y h len v1 h -len z` rectangles, `scale` pixels per module, plus white around it the way
 * the label's own white space surrounds the code on paper.
 */
function rasterise(svg: SVGSVGElement, scale = 4, border = 4) {
  const viewSize = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
  const d = svg.querySelector('path')!.getAttribute('d')!;
  const side = (viewSize + 2 * border) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  let rects = 0;
  for (const [, x, y, len] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    rects++;
    for (let py = (Number(y) + border) * scale; py < (Number(y) + border + 1) * scale; py++) {
      for (let px = (Number(x) + border) * scale; px < (Number(x) + Number(len) + border) * scale; px++) {
        const i = (py * side + px) * 4;
        pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
      }
    }
  }
  expect(rects).toBeGreaterThan(10);
  return { pixels, side };
}

describe('UnitLabel', () => {
  it("shows the unit number and project name, and its QR decodes to the unit's task page", () => {
    const publicUrl = 'https://shalav.example.com';
    const unit = { id: '3f1c2a9e-7b4d-4c1e-9a2b-5d6e7f809102', number: 'B217' };
    const { getByTestId, getByRole } = renderWithProviders(
      <UnitLabel unit={unit} projectName="מגדלי הים" publicUrl={publicUrl} layout="avery" />,
    );
    const label = getByTestId('unit-label');
    expect(label).toHaveTextContent('B217');
    expect(label).toHaveTextContent('מגדלי הים');

    const svg = getByRole('img', { name: 'QR code of apartment B217' }) as unknown as SVGSVGElement;
    const { pixels, side } = rasterise(svg);
    const decoded = jsQR(pixels, side, side);
    expect(decoded?.data).toBe(unitQrLink(publicUrl, unit.id));
    expect(decoded?.data).toBe(`${publicUrl}/work-tasks/${unit.id}`);
  });

  it('one-per-page labels carry the same link', () => {
    const unit = { id: 'a1b2c3d4-0000-4000-8000-000000000001', number: 'A101' };
    const { getByRole } = renderWithProviders(<UnitLabel unit={unit} projectName="P" publicUrl="http://localhost:5000" layout="single" />);
    const { pixels, side } = rasterise(getByRole('img') as unknown as SVGSVGElement);
    expect(jsQR(pixels, side, side)?.data).toBe('http://localhost:5000/work-tasks/a1b2c3d4-0000-4000-8000-000000000001');
  });
});
