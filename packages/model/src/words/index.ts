export * from './names-in-words.js';
