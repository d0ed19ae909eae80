// The competitions' pages: countdowns that tick between the live part's refreshes, and
// no refresh while the reader has a confirmation open (it would close under them).
(function () {
  "use strict";
  function text(s) {
    s = Math.max(0, s);
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    var mm = h ? String(m).padStart(2, "0") : String(m);
    return (h ? h + ":" : "") + mm + ":" + String(r).padStart(2, "0");
  }
  function tick() {
    var now = Date.now();
    document.querySelectorAll(".countdown[data-left]").forEach(function (el) {
      var left = parseInt(el.dataset.left, 10);
      if (isNaN(left)) { return; }
      if (!el.dataset.t0) { el.dataset.t0 = String(now); }
      el.textContent = text(left - Math.floor((now - parseInt(el.dataset.t0, 10)) / 1000));
    });
  }
  setInterval(tick, 1000);
  document.addEventListener("htmx:beforeRequest", function (e) {
    var live = document.getElementById("live");
    var busy = live && (live.querySelector("details[open]") ||
      (live.contains(document.activeElement) && document.activeElement.tagName === "SELECT"));
    if (live && e.detail.elt === live && busy) {
      e.preventDefault();
    }
  });
}());
