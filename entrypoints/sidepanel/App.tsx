export function App() {
  return <main>Linklens library</main>;
}
