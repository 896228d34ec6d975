export const minutesFromNow = (m: number, now = Date.now()) => new Date(now + m * 60_000).toISOString();
