// "Play again": the rematch panel of a finished table, shown under its result. A player asks
// for a rematch (POST /api/tables/{id}/rematch); everyone sees who has accepted ("1 of 2
// players want a rematch"; bots accept at once). Once every human has accepted the server
// sends each seat its own token at the new table ({"type": "rematch", ...}) and the page moves
// there; a player who does not accept simply stays. A spectator gets a link to watch.

import { api } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { rememberSeat, seatAt } from "./store.js";
import { lazy, t, tn } from "./i18n.js";

const TEXT = lazy(() => ({
  heading: t("Play again?"),
  button: t("Play again"),
  asking: t("Asking…"),
  count: (n, m) => (m === 1 ? (n ? t("You want a rematch.") : t("Play again against the same bots?"))
    : tn("{n} of {m} players wants a rematch", "{n} of {m} players want a rematch", n, { m })),
  waitingFor: (names) => t("Waiting for {who}…", { who: names }),
  youAccepted: t("You want a rematch."),
  you: t("you"),
  invite: t("Same seats, same rules, a new deal: the rematch starts once every player has accepted."),
  starting: t("The rematch starts: moving to the new table…"),
  goTo: t("Go to the rematch"),
  watch: t("Watch the rematch"),
}));

/** The panel of table tableId for the holder of token (null: a spectator); ctx: the table. */
export function rematchPanel(tableId, token, ctx, game) {
  const el = h("section.rematch#rematch", { "aria-live": "polite" });
  let offer = null; // the last rematch-offer (or the POST's answer)
  let asking = false;

  const humans = () => (ctx.seats || []).filter((s) => s.kind === "human" && s.taken).map((s) => s.seat);
  const render = () => {
    const seated = token && ctx.me !== null && ctx.me !== undefined;
    const people = humans();
    const accepted = new Set(offer ? offer.accepted : []);
    const yes = people.filter((s) => accepted.has(s));
    const waiting = offer ? offer.waiting : people;
    const parts = [h("h3", {}, TEXT.heading)];
    if (offer && offer.started) {
      const mine = moved();
      if (!seated) parts.push(h("a.button#rematch-link", { href: `#/table/${offer.table}` }, TEXT.watch));
      else if (mine) parts.push(h("a.button#rematch-link", { href: `#/table/${offer.table}` }, TEXT.goTo));
      else parts.push(h("p", {}, TEXT.starting));
    } else {
      parts.push(h("p.rematch-count", { dataset: { accepted: String(yes.length), humans: String(people.length) } },
        TEXT.count(yes.length, people.length)));
      const you = (s) => (s === ctx.me ? TEXT.you : ctx.name(s));
      if (waiting.length && offer) parts.push(h("p.muted", {}, TEXT.waitingFor(waiting.map(you).join(", "))));
      if (seated && accepted.has(ctx.me) && people.length > 1) parts.push(h("p", {}, TEXT.youAccepted));
      else if (seated) {
        parts.push(h("p.muted", {}, TEXT.invite),
          h("button#play-again", { disabled: asking, onClick: ask }, asking ? TEXT.asking : TEXT.button));
      }
    }
    fill(el, ...parts);
  };

  // the new table's token, once this browser has moved there from this table
  const moved = () => {
    const held = seatAt(tableId);
    return held && held.rematch && offer && held.rematch.table === offer.table ? held.rematch.token : null;
  };

  const ask = async () => {
    asking = true;
    render();
    try {
      const answer = await api.rematch(tableId, token);
      if (!offer || !offer.started) offer = answer;
    } catch (e) {
      toast(e.message);
    }
    asking = false;
    render();
  };

  return {
    el,
    update(msg) {
      if (msg.type === "rematch-offer") {
        offer = msg;
      } else if (msg.type === "rematch") {
        offer = { ...(offer || { accepted: [], waiting: [] }), table: msg.table, started: true };
        const first = !moved();
        rememberSeat(msg.table, { token: msg.token, seat: ctx.me, game });
        rememberSeat(tableId, { rematch: { table: msg.table, token: msg.token } });
        // moved once; coming back later to look at this table stays here (the link remains)
        if (first) location.hash = `#/table/${msg.table}`;
      }
      render();
    },
    render,
  };
}
