// Stepping through a replay: clamped steps, keys, autoplay, the cache of views.
import assert from "node:assert/strict";
import { test } from "node:test";
import { autoplayStart, autoplayStep, clampStep, deed, keyStep, markKey, markStep, ViewCache, viewKey } from "../../kingscourt/web/js/replay_steps.js";

test("a step lands on a whole version between 0 and the last", () => {
  assert.equal(clampStep(-1, 40), 0);
  assert.equal(clampStep(41, 40), 40);
  assert.equal(clampStep(12.4, 40), 12);
  assert.equal(clampStep("7", 40), 7);
  assert.equal(clampStep(Number.NaN, 40), 0);
});

test("keys: arrows step one, Home and End go to the ends, other keys nowhere", () => {
  assert.equal(keyStep("ArrowLeft", 5, 40), 4);
  assert.equal(keyStep("ArrowRight", 5, 40), 6);
  assert.equal(keyStep("Home", 5, 40), 0);
  assert.equal(keyStep("End", 5, 40), 40);
  assert.equal(keyStep("a", 5, 40), undefined);
  assert.equal(clampStep(keyStep("ArrowLeft", 0, 40), 40), 0);
});

test("autoplay: one step at a time, stops at the end, starts again from 0 there", () => {
  const seen = [];
  let v = autoplayStart(38, 40);
  for (let next = v; next !== null; next = autoplayStep(v, 40)) { v = next; seen.push(v); }
  assert.deepEqual(seen, [38, 39, 40]);
  assert.equal(autoplayStart(40, 40), 0);
  assert.equal(autoplayStart(3, 40), 3);
});

test("views are cached per point of view and version; the oldest goes first", () => {
  assert.equal(viewKey(null, 3), "open:3");
  assert.equal(viewKey(0, 3), "0:3");
  const cache = new ViewCache(2);
  cache.set(viewKey(null, 0), "a");
  cache.set(viewKey(null, 1), "b");
  cache.set(viewKey(1, 1), "c");
  assert.equal(cache.size, 2);
  assert.equal(cache.get("open:0"), undefined);
  assert.equal(cache.get("open:1"), "b");
  assert.equal(cache.get("1:1"), "c");
});

test("a move's words without who made it", () => {
  assert.equal(deed("Ada plays Q♠", "Ada"), "plays Q♠");
  assert.equal(deed("Ada: pay Menuet", "Ada"), "pay Menuet");
  assert.equal(deed("Bea plays Q♠", "Ada"), "Bea plays Q♠");
});

test("marks: the next and previous trick or deal, the ends where none is left", () => {
  const tricks = [6, 10, 14];
  assert.equal(markStep(tricks, 0, 1, 40), 6);
  assert.equal(markStep(tricks, 6, 1, 40), 10);
  assert.equal(markStep(tricks, 14, 1, 40), 40);
  assert.equal(markStep(tricks, 12, -1, 40), 10);
  assert.equal(markStep(tricks, 10, -1, 40), 6);
  assert.equal(markStep(tricks, 6, -1, 40), 0);
  const marks = { trick: tricks, deal: [0, 20] };
  assert.equal(markKey({ key: "ArrowRight", shiftKey: true }, 7, 40, marks), 10);
  assert.equal(markKey({ key: "ArrowLeft", shiftKey: true }, 7, 40, marks), 6);
  assert.equal(markKey({ key: "PageDown" }, 7, 40, marks), 20);
  assert.equal(markKey({ key: "PageUp" }, 25, 40, marks), 20);
  assert.equal(markKey({ key: "ArrowRight" }, 7, 40, marks), undefined);
  assert.equal(markKey({ key: "PageDown" }, 7, 40, { trick: [], deal: [] }), undefined);
});
