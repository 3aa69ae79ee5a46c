// A phone as the bench slows one: Chromium's own CPU and network throttling
// through CDP (not simulated), at a phone's size.

/** Slow 4G as Lighthouse's mobile profile has it: 150 ms round trip, 1.6 Mbps down, 750 kbps up. */
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
};
export const PHONE_VIEWPORT = { width: 390, height: 844 };

/** Slows `page` of `ctx`: the CPU 4×, and the network too if `network` (for example SLOW_4G). */
export async function slowDown(ctx, page, network) {
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  if (network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', network);
  }
  return cdp;
}

/** A fresh context at phone size (signed in through `storageState` if given) whose page is slowed as slowDown says. */
export async function slowedPhone(browser, { storageState, network } = {}) {
  const ctx = await browser.newContext({
    viewport: PHONE_VIEWPORT,
    isMobile: true,
    hasTouch: true,
    ...(storageState ? { storageState } : {}),
  });
  const page = await ctx.newPage();
  await slowDown(ctx, page, network);
  return { ctx, page };
}
