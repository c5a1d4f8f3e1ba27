export function App() {
  return <main>Linklens</main>;
}
