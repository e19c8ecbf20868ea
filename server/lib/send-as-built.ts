/**
 * A route's serializer for answers the service builds key by key as the contract's type (TypeScript
 * checks the handler's return type against the response schema): plain JSON.stringify instead of
 * the global zod serializer, which parses the whole answer first. Meant for the busiest routes and
 * the largest answers: the progress matrix (10.7 MB at 5,000 units) spent ~70 ms in that parse on
 * the embedded database's thread; it now encodes itself (docs/decisions/045-matrix-in-slices.md).
 * The schema still documents the route (OpenAPI), and the module's tests hold the answers to it.
 */
export const sendAsBuilt = () => (data: unknown) => JSON.stringify(data);
