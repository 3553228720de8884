// How answers present each brand: the positioning service, the re-score and its judge threads,
// the model judge and the re-score control.
export * from './judges';
export * from './positioning';
