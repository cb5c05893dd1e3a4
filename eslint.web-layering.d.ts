// Types for the web layering test (apps/web/src/layering.test.ts), which reads the rule messages.
export declare const layerMessages: {
  crossFeature: string;
  featureToApp: string;
  sharedUpward: string;
  testingInProduction: string;
};
export declare const webLayering: unknown[];
