/** The player page's entry (its own bundle, no back-office code). Built out in issue 7. */
const root = document.getElementById('root');
if (root) root.textContent = 'Live Trivia — player page';
