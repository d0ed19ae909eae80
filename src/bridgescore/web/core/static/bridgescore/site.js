/* Every page's own small script: the header's menu on a phone.  Loaded in the head, not
   deferred, so that the "js" class is on the page before it is first drawn: the style sheet
   folds the navigation into the menu only then.  Without a script the header shows every
   link and the language switch, wrapped onto more rows (the pages work without one). */
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  function setUp() {
    var button = document.getElementById("menu-button");
    var menu = document.getElementById("site-menu");
    if (!button || !menu) return;

    function setOpen(open, focusButton) {
      button.setAttribute("aria-expanded", open ? "true" : "false");
      menu.classList.toggle("open", open);
      if (!open && focusButton) button.focus();
    }

    button.addEventListener("click", function () {
      setOpen(button.getAttribute("aria-expanded") !== "true", false);
    });
    // Escape closes it from anywhere inside, and the focus goes back to the button (not
    // lost on a link that has just been hidden).
    document.addEventListener("keydown", function (e) {
      if (e.key !== "Escape" || button.getAttribute("aria-expanded") !== "true") return;
      if (menu.contains(document.activeElement) || document.activeElement === button) {
        setOpen(false, true);
      }
    });
    // A tap elsewhere on the page closes it, as a menu does.
    document.addEventListener("click", function (e) {
      if (button.getAttribute("aria-expanded") !== "true") return;
      if (!menu.contains(e.target) && !button.contains(e.target)) setOpen(false, false);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
