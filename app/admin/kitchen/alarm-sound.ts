/**
 * The new-order alarm: a short WAV made here (two rising tones, then a pause), played by an <audio> element that loops
 * while any order rings. No file to fetch or cache, so a board that lost its network still rings; the page's CSP lets
 * media come from data: URIs for it.
 */
const RATE = 8000;

/** The WAV bytes: 8-bit mono PCM, `tones` of [hertz, seconds] followed by `pauseSeconds` of silence. */
export function alarmWav(tones: readonly (readonly [number, number])[], pauseSeconds: number): Uint8Array {
  const samples: number[] = [];
  for (const [hertz, seconds] of tones) {
    const count = Math.round(seconds * RATE);
    for (let i = 0; i < count; i += 1) {
      // A short fade at both ends keeps the speaker from clicking.
      const edge = Math.min(1, i / 80, (count - i) / 80);
      samples.push(128 + Math.round(100 * edge * Math.sin((2 * Math.PI * hertz * i) / RATE)));
    }
  }
  for (let i = Math.round(pauseSeconds * RATE); i > 0; i -= 1) samples.push(128);
  const bytes = new Uint8Array(44 + samples.length);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, value: string) =>
    [...value].forEach((ch, i) => view.setUint8(offset + i, ch.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, RATE, true);
  view.setUint32(28, RATE, true); // bytes per second
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  text(36, 'data');
  view.setUint32(40, samples.length, true);
  bytes.set(samples, 44);
  return bytes;
}

const toBase64 = (bytes: Uint8Array) => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/** The alarm as the <audio> element's source: 880 Hz, 1320 Hz, 880 Hz, then most of a second of quiet. */
export const ALARM_SOURCE = `data:audio/wav;base64,${toBase64(
  alarmWav(
    [
      [880, 0.18],
      [1320, 0.18],
      [880, 0.18],
    ],
    0.9,
  ),
)}`;

const SOUND_KEY = 'kitchen-alarm-sound';

/** Whether this device's board plays the alarm: switched on once and remembered (localStorage). */
export function soundRemembered(): boolean {
  try {
    return globalThis.localStorage?.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}

export function rememberSound(on: boolean): void {
  try {
    if (on) globalThis.localStorage?.setItem(SOUND_KEY, 'on');
    else globalThis.localStorage?.removeItem(SOUND_KEY);
  } catch {
    // Storage refused (private mode): the sound still works until the page is reloaded.
  }
}
