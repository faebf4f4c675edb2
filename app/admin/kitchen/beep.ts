/**
 * The new-order sound: two short tones from the Web Audio API (no audio file to fetch or cache). Browsers only
 * play sound after the user has touched the page, so the board asks for one tap to turn the sound on.
 */
export class Beeper {
  private context: AudioContext | null = null;

  get enabled(): boolean {
    return this.context?.state === 'running';
  }

  async enable(): Promise<boolean> {
    const Context = globalThis.AudioContext;
    if (!Context) return false;
    this.context ??= new Context();
    await this.context.resume();
    this.beep();
    return this.enabled;
  }

  beep(): void {
    const context = this.context;
    if (!context || context.state !== 'running') return;
    [0, 0.25].forEach((offset, i) => {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = i === 0 ? 880 : 1320;
      const start = context.currentTime + offset;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.4, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.2);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start);
      oscillator.stop(start + 0.22);
    });
  }
}
