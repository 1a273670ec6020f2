export * from './names-in-words.js';
export * from './indefinite-article.js';
