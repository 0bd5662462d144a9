!$acc routine seq
module m
end module
