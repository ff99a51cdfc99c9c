/** An imported stylesheet is its text (webpack's asset/source; libs/web-client/build/federated-app.cjs). */
declare module '*.css' {
  const text: string;
  export default text;
}
