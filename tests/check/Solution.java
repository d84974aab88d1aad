// Solution.java - a right solution of the ripening-shelf game in Java, as a
// learner writes one: `java Solution PROBLEM` reads a shelf in PROBLEM's
// layout (cses, atcoder: the count, then the weights; shelf, leetcode486: a
// bracketed list) and prints PROBLEM's answer (cses: the first buyer's
// total; shelf, atcoder: the margin, the first buyer's total minus the
// second's; leetcode486: true when the first buyer's total is at least the
// second's).
//
// The interval DP by span length on one rolling row of longs, O(n^2) time
// and O(n) memory; the input is read as bytes, which is what fast Java
// solutions do instead of Scanner.
import java.io.DataInputStream;
import java.io.IOException;

public class Solution {
    private static final DataInputStream in = new DataInputStream(System.in);
    private static final byte[] buf = new byte[1 << 16];
    private static int len = 0, at = 0;

    private static int read() throws IOException {
        if (at == len) {
            len = in.read(buf, 0, buf.length);
            at = 0;
            if (len <= 0) {
                len = 0;
                return -1;
            }
        }
        return buf[at++];
    }

    // The next integer, or null at the end of the input; anything that is
    // not a digit or a minus sign ('[', ',', ']', spaces) separates.
    private static Long next() throws IOException {
        int c = read();
        while (c != -1 && c != '-' && (c < '0' || c > '9'))
            c = read();
        if (c == -1)
            return null;
        boolean negative = c == '-';
        if (negative)
            c = read();
        long v = 0;
        while (c >= '0' && c <= '9') {
            v = v * 10 + (c - '0');
            c = read();
        }
        return negative ? -v : v;
    }

    public static void main(String[] args) throws IOException {
        String problem = args.length > 0 ? args[0] : "shelf";
        boolean counted = problem.equals("cses") || problem.equals("atcoder");

        long[] w = new long[16];
        int n = 0;
        if (counted) {
            Long count = next();
            if (count != null)
                w = new long[(int) Math.max(1, count)];
        }
        for (Long v = next(); v != null; v = next()) {
            if (n == w.length)
                w = java.util.Arrays.copyOf(w, 2 * n);
            w[n++] = v;
        }

        long sum = 0;
        for (int i = 0; i < n; i++)
            sum += w[i];
        // dp[i] is the lead of the buyer to move on the wheels i..i+span-1.
        long[] dp = new long[n + 1];
        for (int i = 0; i < n; i++)
            dp[i] = w[i];
        for (int span = 2; span <= n; span++)
            for (int i = 0; i + span <= n; i++)
                dp[i] = Math.max(w[i] - dp[i + 1], w[i + span - 1] - dp[i]);
        long margin = n > 0 ? dp[0] : 0;

        if (problem.equals("cses"))
            System.out.println((sum + margin) / 2);
        else if (problem.equals("leetcode486"))
            System.out.println(margin >= 0 ? "true" : "false");
        else
            System.out.println(margin);
    }
}
