/** Where the console remembers that staff muted the new-order sound (this browser only). */
export const MUTE_KEY = 'pasal.console.newOrderSound';

export function isMuted(): boolean {
  try {
    return window.localStorage.getItem(MUTE_KEY) === 'off';
  } catch {
    return false;
  }
}

export function rememberMuted(muted: boolean): void {
  try {
    if (muted) window.localStorage.setItem(MUTE_KEY, 'off');
    else window.localStorage.removeItem(MUTE_KEY);
  } catch {
    // Private mode without storage: the choice lasts as long as the page.
  }
}

let context: AudioContext | undefined;

/**
 * Two short rising tones made with the Web Audio API (no sound file to download). A browser
 * that has not seen a click on the page yet may refuse to play: the title and the banner still tell.
 */
export function playNewOrderSound(): void {
  const Audio =
    window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Audio) return;
  try {
    context ??= new Audio();
    if (context.state === 'suspended') void context.resume().catch(() => {});
    const start = context.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.18, 1320],
    ] as const) {
      const tone = context.createOscillator();
      const volume = context.createGain();
      tone.type = 'sine';
      tone.frequency.value = frequency;
      volume.gain.setValueAtTime(0.0001, start + offset);
      volume.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
      volume.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.15);
      tone.connect(volume).connect(context.destination);
      tone.start(start + offset);
      tone.stop(start + offset + 0.16);
    }
  } catch {
    // No audio device, or the browser refused: nothing else to do.
  }
}
