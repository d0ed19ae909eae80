// The table's phone (bridgescore's own script; the pages work without it).
//
// - An entry East accepts is kept in localStorage with its idempotency key (a random UUID
//   made when it is first accepted) and sent until the server answers; the server stores a
//   key once and gives the stored entry back for a retry, so nothing is lost or doubled.
// - The auto-acceptance countdown (a director's setting) on East's screen.
// - Pass in the bidding box greys out the declarer, lead and result.
// - htmx shows the pages' 4xx answers (form errors, a conflict) instead of ignoring them.
(function () {
  "use strict";
  var STORE = "bridgescore.entry.pending.v1";
  var DELAYS = [1000, 2000, 4000, 8000, 15000];
  var attempt = 0;
  var timer = null;
  var inflight = {};

  function load() {
    try {
      var list = JSON.parse(window.localStorage.getItem(STORE) || "[]");
      return Array.isArray(list) ? list : [];
    } catch (e) {
      return [];
    }
  }

  function save(list) {
    try {
      window.localStorage.setItem(STORE, JSON.stringify(list));
    } catch (e) { /* private mode: the entry is still sent, only not kept */ }
  }

  function remove(key) {
    save(load().filter(function (item) { return item.key !== key; }));
  }

  // crypto.randomUUID exists only in secure contexts (HTTPS, localhost); a club's server on
  // plain HTTP in the local network gets a version-4 UUID from getRandomValues instead.
  function uuid() {
    if (window.crypto && typeof window.crypto.randomUUID === "function") {
      return window.crypto.randomUUID();
    }
    var b = new Uint8Array(16);
    window.crypto.getRandomValues(b);
    b[6] = (b[6] & 15) | 64;
    b[8] = (b[8] & 63) | 128;
    var h = Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join("");
    return [h.slice(0, 8), h.slice(8, 12), h.slice(12, 16), h.slice(16, 20), h.slice(20)].join("-");
  }

  function app() { return document.getElementById("table-app"); }

  function text(name) {
    var a = app();
    return a ? a.getAttribute("data-msg-" + name) || "" : "";
  }

  function box() {
    var a = app();
    return a ? a.querySelector("[data-pending]") : null;
  }

  function line(el, words) {
    var p = document.createElement("p");
    p.textContent = words;
    el.appendChild(p);
  }

  // The entries still on this phone, shown at the top of the page.
  function showPending(note) {
    var el = box();
    if (!el) { return; }
    var list = load();
    el.textContent = "";
    el.classList.remove("arrived");
    if (note) { line(el, note); }
    if (list.length) {
      line(el, text("kept"));
      list.forEach(function (item) { line(el, item.summary || item.key); });
    }
    el.hidden = !note && !list.length;
  }

  function notify(item, stored) {
    var el = box();
    showPending((stored ? text("arrived") : text("refused")) + " " + (item.summary || ""));
    if (el && stored) { el.classList.add("arrived"); }
  }

  function waitingFor(key) {
    var input = document.querySelector("form[data-accept] [data-key]");
    return input !== null && input.value === key;
  }

  // Put the server's answer in place of the table part of the page.
  function render(html, url) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.getElementById("table-app");
    var old = app();
    if (!fresh || !old) {
      window.location.assign(url);
      return;
    }
    old.replaceWith(fresh);
    document.title = doc.title;
    if (url && url !== window.location.href) { window.history.pushState({}, "", url); }
    if (window.htmx) { window.htmx.process(fresh); }
    window.scrollTo(0, 0);
    setup(fresh);
  }

  function schedule() {
    window.clearTimeout(timer);
    timer = window.setTimeout(retryAll, DELAYS[Math.min(attempt, DELAYS.length - 1)]);
    attempt += 1;
  }

  function send(item) {
    if (inflight[item.key]) { return; }
    inflight[item.key] = true;
    window.fetch(item.url, {
      method: "POST", body: new URLSearchParams(item.body), credentials: "same-origin",
    }).then(function (response) {
      // A server error or the rate limit is no answer about the entry: keep it, try again.
      if (response.status >= 500 || response.status === 429) { throw new Error(String(response.status)); }
      return response.text().then(function (html) {
        remove(item.key);
        attempt = 0;
        if (waitingFor(item.key)) {
          render(html, response.url);
          showPending();
        } else {
          notify(item, response.ok);
        }
      });
    }).catch(function () {
      showPending(text("offline"));
      schedule();
    }).then(function () {
      delete inflight[item.key];
    });
  }

  function retryAll() {
    load().forEach(send);
  }

  // East accepted: keep the entry on the phone first, then send it.
  function accept(form) {
    stopCountdown(form);
    var keyInput = form.querySelector("[data-key]");
    if (!form.hasAttribute("data-keyed")) {
      keyInput.value = uuid();
      form.setAttribute("data-keyed", "");
    }
    var body = [];
    new FormData(form).forEach(function (value, name) { body.push([name, String(value)]); });
    var item = {key: keyInput.value, url: new URL(form.getAttribute("action"), window.location.href).href, body: body,
                summary: form.getAttribute("data-summary") || "", at: Date.now()};
    var list = load().filter(function (other) { return other.key !== item.key; });
    list.push(item);
    save(list);
    showPending(text("sending"));
    send(item);
  }

  function stopCountdown(form) {
    if (form && form._countdown) {
      window.clearInterval(form._countdown);
      form._countdown = null;
      var note = form.querySelector("[data-countdown-text]");
      if (note) { note.hidden = true; }
    }
  }

  function startCountdown(form) {
    var seconds = parseInt(form.getAttribute("data-auto-accept"), 10);
    var shown = form.querySelector("[data-countdown]");
    if (!(seconds > 0) || form._countdown) { return; }
    form._countdown = window.setInterval(function () {
      if (!document.contains(form)) { stopCountdown(form); return; }
      seconds -= 1;
      if (shown) { shown.textContent = String(Math.max(seconds, 0)); }
      if (seconds <= 0) { accept(form); }
    }, 1000);
  }

  // Pass: the declarer, lead and result do not apply.
  function passState(form) {
    var pass = form.querySelector("input[data-pass]");
    var off = pass !== null && pass.checked;
    form.querySelectorAll("[data-played]").forEach(function (set) {
      set.classList.toggle("off", off);
      if (off) { set.querySelectorAll("input[type=radio]").forEach(function (r) { r.checked = false; }); }
    });
    if (off) {
      form.querySelectorAll("input[name=strain], input[name=dbl]").forEach(function (r) { r.checked = false; });
    }
  }

  // Only the results the contract allows: a level of L makes at most 7 − L overtricks and
  // goes at most 6 + L down (each button's data-levels, from the server's levels_for).
  function resultState(form) {
    var chosen = form.querySelector("input[name=level]:checked");
    var level = chosen && /^[1-7]$/.test(chosen.value) ? parseInt(chosen.value, 10) : 0;
    form.querySelectorAll("input[name=result][data-levels]").forEach(function (r) {
      var range = r.getAttribute("data-levels").split("-");
      var off = level > 0 && (level < parseInt(range[0], 10) || level > parseInt(range[1], 10));
      r.disabled = off;
      if (off) { r.checked = false; }
    });
  }

  function setup(root) {
    var scope = root || document;
    scope.querySelectorAll("form[data-auto-accept]").forEach(startCountdown);
    scope.querySelectorAll("form[data-entry-form]").forEach(function (form) {
      if (form._wired) { return; }
      form._wired = true;
      form.addEventListener("change", function (e) {
        if (e.target.name === "level" || e.target.name === "strain") { passStateAfter(form, e.target); }
        if (e.target.name === "level") { resultState(form); }
      });
      resultState(form);
    });
    showPending();
  }

  function passStateAfter(form, changed) {
    if (changed.name === "strain") {
      var pass = form.querySelector("input[data-pass]");
      if (pass && pass.checked) { pass.checked = false; }
    }
    passState(form);
  }

  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-accept")) { return; }
    if (e.submitter && e.submitter.hasAttribute("data-back")) { stopCountdown(form); return; }
    e.preventDefault();
    accept(form);
  });

  // htmx leaves a 4xx answer unshown by default; ours are pages meant to be read.
  document.addEventListener("htmx:beforeSwap", function (e) {
    var status = e.detail.xhr.status;
    if (status >= 400 && status < 500) {
      e.detail.shouldSwap = true;
      e.detail.isError = false;
    }
  });
  document.addEventListener("htmx:afterSettle", function (e) { setup(e.target); });
  document.addEventListener("htmx:sendError", function () { showPending(text("noconnection")); });
  window.addEventListener("online", function () { attempt = 0; retryAll(); });

  function start() {
    setup(document);
    if (load().length) { retryAll(); }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
}());
