// The live-token format is shared with the web app, which mints the tokens.
export * from '@levelfield/contracts/live-token';
