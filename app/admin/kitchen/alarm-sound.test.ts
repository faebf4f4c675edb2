import { describe, expect, it } from 'vitest';
import { ALARM_SOURCE, alarmWav } from './alarm-sound.ts';

describe('the alarm sound', () => {
  it('is a WAV a browser can play: RIFF header, 8 kHz mono PCM, the tones then the pause', () => {
    const wav = alarmWav([[880, 0.5]], 0.25);
    const view = new DataView(wav.buffer);
    const text = (offset: number) => String.fromCharCode(...wav.slice(offset, offset + 4));
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(8000);
    expect(view.getUint32(40, true)).toBe(6000);
    expect(wav.length).toBe(44 + 6000);
    // The tone moves the speaker; the pause is silence (128 is the middle of 8-bit PCM).
    expect(Math.max(...wav.slice(44, 44 + 4000))).toBeGreaterThan(200);
    expect(new Set(wav.slice(44 + 4000))).toEqual(new Set([128]));
  });

  it('is an inline data: URI, so no file is fetched and the CSP’s media-src data: covers it', () => {
    expect(ALARM_SOURCE).toMatch(/^data:audio\/wav;base64,UklGR/);
  });
});
