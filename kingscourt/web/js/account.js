// Accounts: the logged-in account (shown in the top bar), the account page #/account
// (log in, register, change the password, delete the account, log out).
// The session is an HttpOnly cookie: scripts never see it; GET /api/me says who is logged in.

import { request } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { setPlayerName } from "./store.js";
import { lazy, t } from "./i18n.js";

const T = lazy(() => ({
  account: t("Account"),
  logIn: t("Log in"),
  logOut: t("Log out"),
  register: t("Register"),
  profile: t("Profile"),
  name: t("Name"),
  password: t("Password"),
  newPassword: t("New password"),
  title: t("Your account"),
  loggedInAs: (n) => t("Logged in as {name}.", { name: n }),
  guestNote: t("Without an account you play as a guest: your name is marked “(guest)”, and guests get no statistics or rating. An account keeps your name for you alone, with a rating per game."),
  registerNote: t("3 to 24 characters; the same name in other letter case is the same account. The password needs at least 8 characters."),
  registered: t("Account created: you are logged in."),
  changed: t("Password changed: your other sessions were logged out."),
  changePassword: t("Change the password"),
  deleteAccount: t("Delete the account"),
  deleteNote: t("Your finished games stay, shown as “Deleted player”; your rating and friends go."),
  deleteConfirm: t("Delete your account for good?"),
  deleted: t("Account deleted."),
  loggedOut: t("Logged out."),
}));

export const accountApi = {
  me: () => request("GET", "/api/me"),
  register: (name, password) => request("POST", "/api/accounts", { name, password }),
  logIn: (name, password) => request("POST", "/api/session", { name, password }),
  logOut: () => request("DELETE", "/api/session"),
  changePassword: (password, newPassword) => request("PUT", "/api/me/password", { password, new_password: newPassword }),
  remove: (password) => request("DELETE", "/api/me", { password }),
};

let current = null; // {name, created_at} of the logged-in account, or null (a guest)

/** The logged-in account ({name}) or null. */
export function account() {
  return current;
}

/** Ask the server who is logged in (once at start, and after logging in or out). */
export async function loadAccount() {
  try {
    const me = await accountApi.me(); // {account: null} for a guest
    current = me && me.account ? me.account : null;
  } catch {
    current = null;
  }
  if (current) setPlayerName(current.name);
  renderNav();
  return current;
}

export function renderNav() {
  const box = document.getElementById("account-nav");
  if (!box) return;
  fill(box, current
    ? [h("a#nav-profile", { href: `#/profile/${encodeURIComponent(current.name)}` }, current.name),
      h("a", { href: "#/account" }, T.account)]
    : h("a#nav-login", { href: "#/account" }, `${T.logIn} / ${T.register}`));
}

function field(id, label, attrs) {
  const input = h(`input#${id}`, { required: true, ...attrs });
  return [h("label.field", { for: id }, label, input), input];
}

export function showAccount({ root }) {
  const panel = h("section.panel.account-page");
  root.append(panel);
  render(panel);
}

function render(panel) {
  if (current) renderMine(panel);
  else renderGuest(panel);
}

function renderGuest(panel) {
  const [nameLabel, name] = field("login-name", T.name, { maxLength: 24, autocomplete: "username" });
  const [passLabel, pass] = field("login-password", T.password, { type: "password", maxLength: 256, autocomplete: "current-password" });
  const [rNameLabel, rName] = field("register-name", T.name, { maxLength: 24, minLength: 3, autocomplete: "username" });
  const [rPassLabel, rPass] = field("register-password", T.password, { type: "password", minLength: 8, maxLength: 256, autocomplete: "new-password" });
  const submit = (fn) => async (e) => {
    e.preventDefault();
    const button = e.target.querySelector("button");
    button.disabled = true;
    try { await fn(); } catch (err) { toast(err.message); } finally { button.disabled = false; }
  };
  fill(panel,
    h("h1", {}, T.title),
    h("p.muted", {}, T.guestNote),
    h("div.account-forms", {},
      h("form#login-form.account-form", {
        onSubmit: submit(async () => {
          await accountApi.logIn(name.value.trim(), pass.value);
          await loadAccount();
          location.hash = "#/";
        }),
      }, h("h2", {}, T.logIn), nameLabel, passLabel, h("button", { type: "submit" }, T.logIn)),
      h("form#register-form.account-form", {
        onSubmit: submit(async () => {
          await accountApi.register(rName.value.trim(), rPass.value);
          await accountApi.logIn(rName.value.trim(), rPass.value);
          await loadAccount();
          toast(T.registered, "info");
          location.hash = "#/";
        }),
      }, h("h2", {}, T.register), h("p.muted", {}, T.registerNote), rNameLabel, rPassLabel,
      h("button", { type: "submit" }, T.register))));
}

function renderMine(panel) {
  const [oldLabel, old] = field("old-password", T.password, { type: "password", maxLength: 256, autocomplete: "current-password" });
  const [newLabel, fresh] = field("new-password", T.newPassword, { type: "password", minLength: 8, maxLength: 256, autocomplete: "new-password" });
  const [delLabel, del] = field("delete-password", T.password, { type: "password", maxLength: 256, autocomplete: "current-password" });
  fill(panel,
    h("h1", {}, T.title),
    h("p#account-name", {}, T.loggedInAs(current.name), " ",
      h("a", { href: `#/profile/${encodeURIComponent(current.name)}` }, T.profile)),
    h("div.actions", {}, h("button#logout", {
      onClick: async () => {
        try { await accountApi.logOut(); } catch (err) { toast(err.message); return; }
        await loadAccount();
        toast(T.loggedOut, "info");
        render(panel);
      },
    }, T.logOut)),
    h("div.account-forms", {},
      h("form#password-form.account-form", {
        onSubmit: async (e) => {
          e.preventDefault();
          try {
            await accountApi.changePassword(old.value, fresh.value);
            old.value = ""; fresh.value = "";
            toast(T.changed, "info");
          } catch (err) { toast(err.message); }
        },
      }, h("h2", {}, T.changePassword), oldLabel, newLabel, h("button", { type: "submit" }, T.changePassword)),
      h("form#delete-form.account-form", {
        onSubmit: async (e) => {
          e.preventDefault();
          if (!confirm(T.deleteConfirm)) return;
          try {
            await accountApi.remove(del.value);
          } catch (err) { toast(err.message); return; }
          await loadAccount();
          toast(T.deleted, "info");
          render(panel);
        },
      }, h("h2", {}, T.deleteAccount), h("p.muted", {}, T.deleteNote), delLabel,
      h("button.danger", { type: "submit" }, T.deleteAccount))));
}
