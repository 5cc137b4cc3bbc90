// The live board's page: ask the server for the board every few seconds, with the ETag of
// the board shown (an unchanged board is a bodyless 304), and swap in a new one. The
// fragment is HTML the server rendered with every name escaped.
(function () {
  "use strict";
  var board = document.getElementById("board");
  var status = document.getElementById("status");
  var etag = board.getAttribute("data-etag");
  var period = Number(board.getAttribute("data-poll-ms")) || 1000;
  var failures = 0;

  function clock() {
    return new Date().toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"});
  }

  function show(text, lost) {
    status.textContent = text;
    status.className = lost ? "status lost" : "status";
  }

  function next() {
    // Back off while the server is away; ask rarely while the page is not shown.
    var wait = failures ? Math.min(period * Math.pow(2, failures), 15000) : period;
    if (document.hidden) { wait = Math.max(wait, 5000); }
    window.setTimeout(poll, wait);
  }

  function poll() {
    fetch("board", {headers: etag ? {"If-None-Match": etag} : {}, cache: "no-store"})
      .then(function (response) {
        if (response.status === 304) { return null; }
        if (!response.ok) { throw new Error("HTTP " + response.status); }
        var tag = response.headers.get("ETag");
        return response.text().then(function (html) {
          board.innerHTML = html;
          etag = tag;
          board.setAttribute("data-etag", tag || "");
          show("Live \u00b7 updated " + clock());
        });
      })
      .then(function () {
        if (failures) { show("Live again \u00b7 " + clock()); }
        failures = 0;
      }, function () {
        failures += 1;
        show("Connection lost \u00b7 retrying", true);
      })
      .then(next);
  }

  // On a TV (the address ends in ?tv): larger text, and nobody to scroll the page, so it
  // goes down slowly by itself, rests at the bottom, goes back to the top and rests there.
  function scrollByItself() {
    var rest = 80;  // ticks of 50 ms: 4 s
    window.setInterval(function () {
      var bottom = document.documentElement.scrollHeight - window.innerHeight;
      if (bottom <= 0 || rest-- > 0) { return; }
      if (window.scrollY >= bottom - 1) {
        window.scrollTo(0, 0);
        rest = 80;
        return;
      }
      window.scrollBy(0, 1);
      if (window.scrollY >= bottom - 1) { rest = 80; }
    }, 50);
  }

  if (/[?&]tv(=|&|$)/.test(window.location.search)) {
    document.documentElement.classList.add("tv");
    scrollByItself();
  }
  next();
})();
