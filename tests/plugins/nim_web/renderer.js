// The toy game's browser renderer: the heaps as text (a stand-in for a real one).
export function render(root, view) {
  root.textContent = "heaps: " + view.heaps.join(" ");
}
