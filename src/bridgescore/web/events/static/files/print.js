// The page's Print button (no inline script: the site's Content-Security-Policy).
document.addEventListener("click", (event) => {
  if (event.target instanceof Element && event.target.closest("[data-print]")) {
    window.print();
  }
});
