// The offline page's script (offline.html, kept by the service worker): Retry asks for the page the player
// opened again, from the network.
document.getElementById('retry')?.addEventListener('click', () => window.location.reload());
