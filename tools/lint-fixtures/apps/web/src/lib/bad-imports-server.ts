import { buildApp } from '@cc/server';

export const app = buildApp;
