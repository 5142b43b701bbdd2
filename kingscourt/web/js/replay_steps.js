// Replay stepping as pure functions (no DOM; tested in Node, tests/js/replay_steps.test.mjs):
// where a step, a key or the autoplay goes, the cache of views already fetched, and the
// words of a move without who made it.

/** The version a request for ``v`` lands on: a whole step between 0 and ``last``. */
export function clampStep(v, last) {
  return Math.max(0, Math.min(last, Math.round(Number(v) || 0)));
}

/** Where a key takes the replay from ``version``: ←/→ one step, Home/End the ends; else undefined. */
export function keyStep(key, version, last) {
  return { ArrowLeft: version - 1, ArrowRight: version + 1, Home: 0, End: last }[key];
}

/** The next step of the autoplay, or null at the end (it stops there). */
export function autoplayStep(version, last) {
  return version >= last ? null : version + 1;
}

/** Where the autoplay starts: from the beginning again when it stands at the end. */
export function autoplayStart(version, last) {
  return version >= last ? 0 : version;
}

/** The cache key of a view: whose point of view (null: every hand open) and which version. */
export function viewKey(seat, v) {
  return `${seat === null ? "open" : seat}:${v}`;
}

/** The views already fetched, at most ``kept`` of them; the oldest one goes first. */
export class ViewCache {
  constructor(kept) {
    this.kept = kept;
    this.views = new Map();
  }

  get(key) {
    return this.views.get(key);
  }

  set(key, view) {
    this.views.set(key, view);
    if (this.views.size > this.kept) this.views.delete(this.views.keys().next().value);
  }

  get size() {
    return this.views.size;
  }
}

/** "Ada plays Q♠" -> "plays Q♠"; "Ada: pay Menuet" -> "pay Menuet" (the words of a move, without who). */
export function deed(words, name) {
  for (const lead of [`${name}: `, `${name} `]) if (words.startsWith(lead)) return words.slice(lead.length);
  return words;
}

/**
 * The next (``dir`` 1) or previous (-1) mark from ``version`` among ``marks`` (versions in
 * order: where each trick or deal ends or starts), the ends of the game when none is left.
 */
export function markStep(marks, version, dir, last) {
  if (dir > 0) {
    const next = marks.find((m) => m > version);
    return next === undefined ? last : next;
  }
  let prev = 0;
  for (const m of marks) if (m < version) prev = m;
  return prev;
}

/** Where a key with Shift (a trick) or PageUp/PageDown (a deal) takes the replay; else undefined. */
export function markKey(e, version, last, marks) {
  if (e.shiftKey && (e.key === "ArrowLeft" || e.key === "ArrowRight") && marks.trick.length) {
    return markStep(marks.trick, version, e.key === "ArrowRight" ? 1 : -1, last);
  }
  if ((e.key === "PageUp" || e.key === "PageDown") && marks.deal.length) {
    return markStep(marks.deal, version, e.key === "PageDown" ? 1 : -1, last);
  }
  return undefined;
}
