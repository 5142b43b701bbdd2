// Where seats sit around a table seen from one seat, and a chart's scales.
import assert from "node:assert/strict";
import { test } from "node:test";
import { chartScale, placeOfSeat, seatAtPlace } from "../../kingscourt/web/js/layout.js";

test("your own seat is at the bottom, the others follow in the order of play", () => {
  assert.deepEqual([0, 1, 2, 3].map((i) => seatAtPlace(i, 2, 4)), [2, 3, 0, 1]);
  assert.deepEqual([0, 1, 2, 3].map((i) => seatAtPlace(i, 0, 4)), [0, 1, 2, 3]);
});

test("a spectator sees seat 0 at the bottom", () => {
  assert.deepEqual([0, 1, 2, 3].map((i) => seatAtPlace(i, null, 4)), [0, 1, 2, 3]);
  assert.equal(placeOfSeat(3, undefined, 4), 3);
});

test("placeOfSeat undoes seatAtPlace for every viewer and table size", () => {
  for (const n of [2, 3, 4, 5, 6]) {
    for (const me of [null, ...Array.from({ length: n }, (_, i) => i)]) {
      for (let i = 0; i < n; i++) assert.equal(placeOfSeat(seatAtPlace(i, me, n), me, n), i, `n=${n} me=${me} i=${i}`);
    }
  }
});

const BOX = { W: 480, H: 170, L: 44, R: 12, TOP: 12, B: 26 };

test("a chart spans its box: first value at the left margin, last at the right, hi at the top", () => {
  const { x, y, lo, hi } = chartScale([0, 10, 5], BOX);
  assert.equal(lo, 0);
  assert.equal(hi, 10);
  assert.equal(x(0), BOX.L);
  assert.equal(x(2), BOX.W - BOX.R);
  assert.equal(y(hi), BOX.TOP);
  assert.equal(y(lo), BOX.H - BOX.B);
});

test("a flat line is one unit tall, in the middle; a single value sits at the left", () => {
  const { x, y, lo, hi } = chartScale([3], BOX);
  assert.equal(hi - lo, 1);
  assert.equal(x(0), BOX.L);
  assert.equal(y(3), (BOX.TOP + BOX.H - BOX.B) / 2);
});
