// Gettext plural rules without eval: the catalogue's plural expression (Babel's, in C syntax
// over n) parsed into a function from a count to the index of its plural form. A pure module
// (no DOM), tested in Node (tests/js/plural.test.mjs).

// Babel's gettext plural expression (C syntax over n: ?:, ||, &&, comparisons, + - * / %,
// !, parentheses) as a function. It is parsed here, never compiled: the page's
// Content-Security-Policy admits no eval or new Function. Anything else falls back to English.
export function compilePlural(expr) {
  const english = (n) => (n !== 1 ? 1 : 0);
  if (typeof expr !== "string") return english;
  const tokens = expr.match(/\s*(\d+|n|\|\||&&|==|!=|<=|>=|[<>?:()!%*/+-])/g);
  if (!tokens || tokens.join("").replace(/\s+/g, "") !== expr.replace(/\s+/g, "")) return english;
  const list = tokens.map((x) => x.trim());
  let at = 0;
  const peek = () => list[at];
  const take = (want) => {
    if (want !== undefined && list[at] !== want) throw new Error(`expected ${want}`);
    return list[at++];
  };
  // each level: a parser returning an evaluator (n) => number
  const BINARY = [["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"]];
  const apply = (op, a, b) => ({
    "||": () => (a || b ? 1 : 0), "&&": () => (a && b ? 1 : 0), "==": () => (a === b ? 1 : 0),
    "!=": () => (a !== b ? 1 : 0), "<": () => (a < b ? 1 : 0), "<=": () => (a <= b ? 1 : 0),
    ">": () => (a > b ? 1 : 0), ">=": () => (a >= b ? 1 : 0), "+": () => a + b, "-": () => a - b,
    "*": () => a * b, "/": () => (b ? Math.trunc(a / b) : 0), "%": () => (b ? a % b : 0),
  })[op]();
  const unary = () => {
    const x = peek();
    if (x === "!") { take(); const f = unary(); return (n) => (f(n) ? 0 : 1); }
    if (x === "-") { take(); const f = unary(); return (n) => -f(n); }
    if (x === "(") { take(); const f = ternary(); take(")"); return f; }
    if (x === "n") { take(); return (n) => n; }
    if (x !== undefined && /^\d+$/.test(x)) { take(); const v = Number(x); return () => v; }
    throw new Error(`unexpected ${x}`);
  };
  const level = (i) => {
    if (i === BINARY.length) return unary();
    let f = level(i + 1);
    while (BINARY[i].includes(peek())) {
      const op = take();
      const left = f;
      const right = level(i + 1);
      f = (n) => apply(op, left(n), right(n));
    }
    return f;
  };
  const ternary = () => {
    const test = level(0);
    if (peek() !== "?") return test;
    take("?");
    const yes = ternary();
    take(":");
    const no = ternary();
    return (n) => (test(n) ? yes(n) : no(n));
  };
  try {
    const f = ternary();
    if (at !== list.length) return english;
    f(1);
    return (n) => f(Math.abs(Math.trunc(Number(n) || 0)));
  } catch {
    return english;
  }
}
