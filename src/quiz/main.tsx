/** The quiz display's entry (its own bundle). Built out in issue 7. */
const root = document.getElementById('root');
if (root) root.textContent = 'Live Trivia — quiz display';
