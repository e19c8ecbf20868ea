import { describe, expect, it } from 'vitest';
import { qrTargetOf } from './qr-target.ts';

const id = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';

describe('qrTargetOf', () => {
  it("turns a unit label printed for another host into this origin's unit page", () => {
    expect(qrTargetOf(`https://old.example.com/work-tasks/${id}`)).toEqual({ kind: 'unit', path: `/work-tasks/${id}` });
    expect(qrTargetOf(` http://10.0.0.5:5000/work-tasks/${id.toUpperCase()}/ `)).toEqual({ kind: 'unit', path: `/work-tasks/${id}` });
  });

  it("drops whatever the label's address carries: the unit's page starts at its welcome step", () => {
    expect(qrTargetOf(`https://x.co/work-tasks/${id}?workerName=Other`)?.path).toBe(`/work-tasks/${id}`);
  });

  it("turns the project's QR into this origin's QR page", () => {
    expect(qrTargetOf('https://shalav.example/qr-scan?qrId=ab12&x=1')).toEqual({ kind: 'project', path: '/qr-scan?qrId=ab12' });
  });

  it('refuses anything else', () => {
    for (const text of [
      'hello',
      '',
      `https://x.co/work-tasks/not-a-uuid`,
      `https://x.co/work-tasks/${id}/extra`,
      'https://x.co/qr-scan',
      'https://x.co/dashboard?qrId=1',
      `javascript:alert(1)//work-tasks/${id}`,
      `ftp://x.co/work-tasks/${id}`,
    ]) {
      expect(qrTargetOf(text)).toBeNull();
    }
  });
});
