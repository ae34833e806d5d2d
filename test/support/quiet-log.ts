/** The log a database opened by a test or a bench writes to: nothing, since the run's output is for results. */
export const quietLog = { info() {}, warn() {} };
