/** Whether Linklens still needs setting up (no API key saved). */
export function needsSetup(settings: { apiKey: string }): boolean {
  return settings.apiKey.trim() === "";
}
