// A TV screen is laid out once, at 1920x1080, to be read across the hall; on a screen of any other size
// it is scaled whole to fit and centred (letterboxed), so nothing is clipped, wrapped or pushed off it.
(function () {
  var WIDTH = 1920, HEIGHT = 1080;
  function fit() {
    var scale = Math.min(window.innerWidth / WIDTH, window.innerHeight / HEIGHT);
    var left = (window.innerWidth - WIDTH * scale) / 2, top = (window.innerHeight - HEIGHT * scale) / 2;
    document.body.style.transform = "translate(" + left + "px, " + top + "px) scale(" + scale + ")";
  }
  window.addEventListener("resize", fit);
  fit();
})();
