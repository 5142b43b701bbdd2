// Module resolution as the server serves the client: /web/js/<file> from kingscourt/web/js,
// /games/<game>/<file> from kingscourt/games/<game>/web (so that a game's own modules, which
// import the shared ones by absolute address, load in Node's test runner).
const ROOT = new URL("../../kingscourt/", import.meta.url);

export async function resolve(specifier, context, next) {
  if (specifier.startsWith("/web/js/")) return next(new URL(`web/js/${specifier.slice(8)}`, ROOT).href, context);
  const game = specifier.match(/^\/games\/([a-z0-9_]+)\/([a-z0-9_]+\.js)$/);
  if (game) return next(new URL(`games/${game[1]}/web/${game[2]}`, ROOT).href, context);
  return next(specifier, context);
}
