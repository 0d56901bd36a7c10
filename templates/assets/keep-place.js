// The language switcher keeps the reader's place: a rules item, setting, variant or example has
// the same id in every language, so each switcher link takes the page's #anchor along. Without
// this script the links still lead to the same game in the other language, at its top.
const links = document.querySelectorAll("nav.languages a[hreflang]");

function carry() {
  for (const link of links) {
    link.setAttribute("href", link.getAttribute("href").split("#")[0] + location.hash);
  }
}

carry();
addEventListener("hashchange", carry);
