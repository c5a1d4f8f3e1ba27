import { beforeEach, expect } from "vitest";

beforeEach(() => {
  expect.hasAssertions();
});
