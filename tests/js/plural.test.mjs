// Gettext plural rules as the catalogues send them (Babel's expressions), parsed without eval.
import assert from "node:assert/strict";
import { test } from "node:test";
import { compilePlural } from "../../kingscourt/web/js/plural.js";

// the expressions Babel gives the catalogues (babel.messages.plurals.get_plural)
const ENGLISH = "(n != 1)"; // en, de, tr
const POLISH = "n == 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2";

test("English, German, Turkish: one, other", () => {
  const f = compilePlural(ENGLISH);
  assert.deepEqual([0, 1, 2, 5, 21].map(f), [1, 0, 1, 1, 1]);
});

test("a language with one form for every count", () => {
  assert.deepEqual([0, 1, 2].map(compilePlural("0")), [0, 0, 0]);
});

test("Polish: one, few, many", () => {
  const f = compilePlural(POLISH);
  const forms = { 1: 0, 2: 1, 3: 1, 4: 1, 5: 2, 11: 2, 12: 2, 13: 2, 14: 2, 21: 2, 22: 1, 24: 1, 25: 2, 100: 2, 102: 1, 112: 2, 122: 1, 0: 2 };
  for (const [n, form] of Object.entries(forms)) assert.equal(f(Number(n)), form, `n=${n}`);
});

test("counts are whole and unsigned: -2 and 2.7 read as 2", () => {
  const f = compilePlural(POLISH);
  assert.equal(f(-2), 1);
  assert.equal(f(2.7), 1);
  assert.equal(f("3"), 1);
});

test("precedence and the operators: * before +, && before ||, !, unary minus, / as C", () => {
  assert.equal(compilePlural("1 + 2 * 3")(0), 7);
  assert.equal(compilePlural("1 || 0 && 0")(0), 1);
  assert.equal(compilePlural("!n")(0), 1);
  assert.equal(compilePlural("-n + 5")(2), 3);
  assert.equal(compilePlural("n / 2")(7), 3);
  assert.equal(compilePlural("n % 0")(7), 0);
  assert.equal(compilePlural("n / 0")(7), 0);
  assert.equal(compilePlural("n > 1 ? n < 5 ? 1 : 2 : 0")(3), 1);
});

test("anything else falls back to English, never to eval", () => {
  globalThis.pwned = false;
  for (const bad of ["globalThis.pwned = true", "n ==", "(n != 1", "n != 1)", "alert(1)", "", null, 42, "n ? 1", "1 2"]) {
    const f = compilePlural(bad);
    assert.deepEqual([1, 2].map(f), [0, 1], String(bad));
  }
  assert.equal(globalThis.pwned, false);
});
