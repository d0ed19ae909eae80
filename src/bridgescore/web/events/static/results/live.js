// Live results: a WebSocket (/ws/events/<id>) says which boards changed; the page then asks
// the server again for the parts that show them (with htmx when present, else fetch).  When
// the socket is down the parts are fetched every 10 seconds instead, and the socket is tried
// again, waiting longer each time.  The big screen shows one page of the ranking at a time.
(function () {
  "use strict";
  var POLL_MS = 10000;
  var CYCLE_MS = 10000;
  var state = document.querySelector("[data-live-socket]");
  var parts = Array.prototype.slice.call(document.querySelectorAll("[data-live-url]"));
  var socket = null, poller = null, retry = 1000, cycler = null;

  function startCycle() {
    if (cycler !== null) { clearInterval(cycler); cycler = null; }
    var box = document.querySelector("[data-cycle-seconds]");
    if (!box) return;
    var pages = box.querySelectorAll(".screen-page");
    if (pages.length < 2) return;
    var shown = 0;
    var seconds = parseInt(box.getAttribute("data-cycle-seconds"), 10);
    cycler = setInterval(function () {
      pages[shown].hidden = true;
      shown = (shown + 1) % pages.length;
      pages[shown].hidden = false;
    }, (seconds > 0 ? seconds * 1000 : CYCLE_MS));
  }

  function refresh(part) {
    if (window.htmx) {
      window.htmx.trigger(part, "bs-refresh");
      return;
    }
    fetch(part.getAttribute("data-live-url"), {credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (html !== null) { part.innerHTML = html; afterSwap(part); }
      })
      .catch(function () {});
  }

  function afterSwap(part) {
    if (part.querySelector("[data-cycle-seconds]")) startCycle();
    document.body.setAttribute("data-live-refreshed", String(Date.now()));
  }

  // data-live-when: "any", or "board:N" / "match:N" (a team event's match page): only when
  // the message names that board (or match).
  function wanted(part, message) {
    var when = part.getAttribute("data-live-when") || "any";
    if (when === "any" || message.status_changed) return true;
    var kinds = {"board:": "boards", "match:": "matches"};
    for (var prefix in kinds) {
      if (when.indexOf(prefix) === 0) {
        var n = parseInt(when.slice(prefix.length), 10);
        return (message[kinds[prefix]] || []).indexOf(n) >= 0;
      }
    }
    return true;
  }

  function show(kind) {
    if (!state) return;
    state.classList.remove("live", "polling");
    state.classList.add(kind);
    state.textContent = state.getAttribute(kind === "live" ? "data-text-live" : "data-text-polling");
  }

  function poll(on) {
    if (on && poller === null) {
      poller = setInterval(function () { parts.forEach(refresh); }, POLL_MS);
    } else if (!on && poller !== null) {
      clearInterval(poller);
      poller = null;
    }
  }

  function connect() {
    if (!state || !window.WebSocket) { show("polling"); poll(true); return; }
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var seq = state.getAttribute("data-live-seq") || "0";
    socket = new WebSocket(scheme + location.host + state.getAttribute("data-live-socket") +
                           "?since=" + encodeURIComponent(seq));
    socket.onopen = function () { retry = 1000; poll(false); show("live"); };
    socket.onmessage = function (e) {
      var message;
      try { message = JSON.parse(e.data); } catch (err) { return; }
      if (message.type === "changed") {
        parts.forEach(function (part) { if (wanted(part, message)) refresh(part); });
      } else if (message.type === "hello" && message.seq !== parseInt(seq, 10)) {
        parts.forEach(refresh);  // something changed between the page and the socket
      }
    };
    socket.onclose = function (e) {
      socket = null;
      if (e.code === 4403 || e.code === 4404) { show("polling"); return; }  // refused: stop
      show("polling");
      poll(true);
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 60000);
    };
  }

  document.addEventListener("htmx:afterSwap", function (e) { afterSwap(e.target); });
  document.addEventListener("DOMContentLoaded", function () { startCycle(); });
  if (document.readyState !== "loading") startCycle();
  if (parts.length) connect();
})();
