// Layout maths as pure functions (no DOM; tested in Node, tests/js/layout.test.mjs): where
// each seat sits around a table seen from one seat, and the scales of a line chart.

/**
 * The seat drawn at place ``i`` (0: the bottom, then on in the order of play) around a table
 * of ``n`` seats seen from seat ``me`` (a spectator, me null, sees seat 0 at the bottom).
 */
export function seatAtPlace(i, me, n) {
  const base = me === null || me === undefined ? 0 : me;
  return (base + i) % n;
}

/** The place (0: the bottom) where seat ``seat`` is drawn, seen from seat ``me``. */
export function placeOfSeat(seat, me, n) {
  const base = me === null || me === undefined ? 0 : me;
  return (((seat - base) % n) + n) % n;
}

/**
 * The scales of a line chart of ``values`` in a box ``{W, H, L, R, TOP, B}`` (width, height
 * and the margins left, right, top and bottom): x(i) of the i-th value, y(v) of a value, and
 * the range shown, lo to hi, at least one unit tall (a flat line sits in the middle).
 */
export function chartScale(values, { W, H, L, R, TOP, B }) {
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (hi - lo < 1) { lo -= 0.5; hi += 0.5; }
  const x = (i) => L + (values.length === 1 ? 0 : (i * (W - L - R)) / (values.length - 1));
  const y = (v) => TOP + ((hi - v) * (H - TOP - B)) / (hi - lo);
  return { x, y, lo, hi };
}
