// One WebSocket to a table, reconnecting with backoff until closed on purpose.

import { wsUrl } from "./api.js";
import { lazy, t } from "./i18n.js";

// close codes after which reconnecting would not help (4409: a newer window took over;
// 4410: the table was cancelled or abandoned)
const REFUSALS = lazy(() => ({
  4404: t("There is no such table."),
  4401: t("This seat link is not valid (a seat's link stops working when its player leaves)."),
  4409: t("This seat is open in too many other windows: this one was closed."),
  4410: t("This table was closed (its host cancelled it, or nobody was there)."),
  4429: t("This table has as many spectators as it admits. Try again later."),
}));

export class Connection {
  /** onMessage(msg) for every server message; onStatus("open" | "lost" | "refused", text). */
  constructor(tableId, token, onMessage, onStatus) {
    this.tableId = tableId;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.closed = false;
    this.delay = 250;
    this.open();
  }

  open() {
    if (this.closed) return;
    const ws = new WebSocket(wsUrl(this.tableId, this.token));
    this.ws = ws;
    ws.onopen = () => { this.delay = 250; this.onStatus("open"); };
    ws.onmessage = (event) => {
      let msg;
      try { msg = JSON.parse(event.data); } catch { return; }
      this.onMessage(msg);
    };
    ws.onclose = (event) => {
      if (this.closed || ws !== this.ws) return;
      if (REFUSALS[event.code]) {
        this.closed = true;
        this.onStatus("refused", REFUSALS[event.code]);
        return;
      }
      this.onStatus("lost");
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 5000);
    };
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }
}
