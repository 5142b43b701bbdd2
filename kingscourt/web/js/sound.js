// The table's sounds, synthesised with Web Audio (no files): your turn, a card played, a
// trick taken, a collision, the King fanfare. Silent while the mute switch (look_prefs.js,
// remembered) is on; the audio context starts on the first user gesture, as browsers ask.

import { pref } from "./look_prefs.js";

let ctx = null;

function audio() {
  if (ctx) return ctx;
  const AC = window.AudioContext || window.webkitAudioContext;
  if (!AC) return null;
  try { ctx = new AC(); } catch { ctx = null; }
  return ctx;
}

// notes: [frequency Hz, start s, length s, type, gain]
function tones(notes) {
  const a = audio();
  if (!a) return;
  if (a.state === "suspended") a.resume().catch(() => {});
  const t0 = a.currentTime + 0.01;
  for (const [f, at, len, type = "sine", gain = 0.12] of notes) {
    const o = a.createOscillator();
    const g = a.createGain();
    o.type = type;
    o.frequency.setValueAtTime(f, t0 + at);
    g.gain.setValueAtTime(0.0001, t0 + at);
    g.gain.exponentialRampToValueAtTime(gain, t0 + at + 0.012);
    g.gain.exponentialRampToValueAtTime(0.0001, t0 + at + len);
    o.connect(g).connect(a.destination);
    o.start(t0 + at);
    o.stop(t0 + at + len + 0.02);
  }
}

// a short burst of noise: a card on the cloth
function swish(at = 0, len = 0.09, gain = 0.18) {
  const a = audio();
  if (!a) return;
  const n = Math.floor(a.sampleRate * len);
  const buf = a.createBuffer(1, n, a.sampleRate);
  const d = buf.getChannelData(0);
  for (let i = 0; i < n; i++) d[i] = (Math.random() * 2 - 1) * (1 - i / n) ** 2;
  const src = a.createBufferSource();
  const f = a.createBiquadFilter();
  const g = a.createGain();
  f.type = "bandpass";
  f.frequency.value = 2400;
  g.gain.value = gain;
  src.buffer = buf;
  src.connect(f).connect(g).connect(a.destination);
  src.start(a.currentTime + 0.01 + at);
}

const SOUNDS = {
  turn: () => tones([[660, 0, 0.12], [880, 0.1, 0.18]]),
  play: () => swish(),
  trick: () => { swish(0, 0.07, 0.12); swish(0.06, 0.07, 0.12); tones([[392, 0.05, 0.12, "triangle", 0.06]]); },
  collision: () => tones([[180, 0, 0.25, "sawtooth", 0.08], [140, 0.08, 0.3, "sawtooth", 0.08]]),
  fanfare: () => tones([[523, 0, 0.18, "square", 0.06], [659, 0.16, 0.18, "square", 0.06],
    [784, 0.32, 0.18, "square", 0.06], [1047, 0.5, 0.55, "square", 0.07]]),
};

/** The sounds played so far (kind names), for the page's own checks. */
export const played = [];

/** Play one of the table's sounds, unless muted. */
export function sound(kind) {
  if (pref("muted") || !SOUNDS[kind]) return;
  played.push(kind);
  if (played.length > 50) played.shift();
  document.documentElement.dataset.lastSound = kind;
  try { SOUNDS[kind](); } catch { /* audio unavailable */ }
}

// browsers start audio only after a gesture: make the context then
document.addEventListener("pointerdown", () => { if (!pref("muted")) audio(); }, { once: true });
