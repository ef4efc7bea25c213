export const formatCount = (n: number): string => String(n);
