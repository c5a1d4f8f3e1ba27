export function App() {
  return <main>Linklens settings</main>;
}
