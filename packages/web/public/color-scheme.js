// Applies the saved colour scheme before the app loads, so dark-mode users see no white flash.
// A file, not an inline script, so the Content-Security-Policy can forbid inline scripts.
(function () {
  try {
    var saved = localStorage.getItem('mantine-color-scheme-value');
    var scheme =
      saved === 'light' || saved === 'dark'
        ? saved
        : window.matchMedia('(prefers-color-scheme: dark)').matches
          ? 'dark'
          : 'light';
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch {
    /* storage may be unavailable; the app sets the scheme when it starts */
  }
})();
